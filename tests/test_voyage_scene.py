"""The World Voyage table driven with real pygame events (headless, see conftest.py)."""

import random
import re
import time

import pygame
import pytest
import yaml

from wonderland_games.core import records
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.layout import compute
from wonderland_games.games.voyage.results import VoyageResultsScene
from wonderland_games.games.voyage.scene import VoyageScene
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import click, key, random_record, run_until

ACTION_BUTTONS = {"collect": rules.COLLECT, "buy_money": rules.BUY_MONEY, "buy_token": rules.BUY_TOKEN,
                  "flyer": rules.FLYER, "end": rules.END}


@pytest.fixture
def app(table_app):
    return table_app


def start(app, seats, seed=11, options=None):
    session = Session.new("voyage", seats, seed=seed, options=options, autosave=False)
    scene = VoyageScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    app.step(1 / 60)
    return session, scene


def move(app, scene, rng, card=None, confirm="button"):
    """Plan a move by clicking a card then a lit city, and confirm it; returns (card, city, path shown)."""
    legal = scene.session.state.legal_actions()
    cards = sorted({a[1] for a in legal if a[0] == "move"})
    card = rng.choice(cards) if card is None else card
    click(app, dict(scene.hand_rects())[card].center)
    assert scene.selected == card
    targets = scene.move_targets(card)
    assert set(targets) == {a[2] for a in legal if a[0] == "move" and a[1] == card}
    city = rng.choice(sorted(targets))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.city_rect(city).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    shown = list(scene._map_marks()[1])
    before = len(scene.session.actions)
    click(app, scene.city_rect(city).center)
    assert scene.target == city and len(scene.session.actions) == before, "the first click only plans the move"
    assert list(scene._map_marks()[1]) == shown
    if confirm == "button":
        click(app, scene.buttons["confirm"].rect.center)
    elif confirm == "enter":
        key(app, pygame.K_RETURN)
    else:
        click(app, scene.city_rect(city).center)
    assert scene.session.actions[before] == ("move", card, city)
    return card, city, shown


def act_by_clicking(app, scene, rng):
    """One decision of the looking player, made the way a person would: cards, cities, buttons."""
    session = scene.session
    state = session.state
    before = len(session.actions)
    legal = state.legal_actions()
    if state.phase == rules.DISCARD:
        card, rect = rng.choice(scene.hand_rects())
        click(app, rect.center)
        assert scene.selected == card and len(session.actions) == before, "one click only picks the card"
        click(app, dict(scene.hand_rects())[card].center)
    elif any(a[0] == "visit" for a in legal):
        click(app, scene.buttons[rng.choice([n for n in ("visit_card", "visit_money") if scene.buttons[n].enabled])]
              .rect.center)
    elif any(a[0] == "move" for a in legal) and rng.random() < 0.75:
        move(app, scene, rng, confirm=rng.choice(("button", "enter", "again")))
    else:
        names = [n for n, a in ACTION_BUTTONS.items() if a in legal and (n != "end" or rng.random() < 0.5)]
        click(app, scene.buttons[rng.choice(names or ["end"])].rect.center)
    assert len(session.actions) > before, f"a click did nothing in phase {state.phase}"


def test_human_plays_a_whole_game_against_a_bot_by_clicking(app):
    session, scene = start(app, [Seat("爱丽丝"), Seat("Bot", "bot", "random")], seed=5)
    rng = random.Random(3)
    end = time.monotonic() + 120
    while not isinstance(app.top, VoyageResultsScene):
        assert time.monotonic() < end
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)
    assert session.state.is_over()
    kinds = {a[0] for a, actor in zip(session.actions, session.actors) if actor == 0}
    assert {"move", "visit"} <= kinds
    app.step(1 / 60)  # the results screen draws
    notes = app.top.notes()
    assert notes and str(session.state.round) in notes[0]


def test_move_preview_matches_what_the_move_does(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random")], seed=8)
    rng = random.Random(4)
    checked = 0
    end = time.monotonic() + 60
    while checked < 10:
        assert time.monotonic() < end
        if not scene.my_turn():
            app.step(1 / 60)
            continue
        state = session.state
        if state.phase != rules.TURN or not any(a[0] == "move" for a in state.legal_actions()):
            act_by_clicking(app, scene, rng)
            continue
        here = state.positions[0]
        done = len(session.actions)
        card, city, shown = move(app, scene, rng)
        replay = session.initial_state()
        for action in session.actions[:done]:
            replay.apply(action)
        event = replay.apply(session.actions[done])[0]
        assert shown[0] == here and shown[-1] == city == event["to"]
        if event["type"] == "move":
            assert shown == event["path"], "the numbered steps are the route the traveller walks"
        else:
            assert shown == [here, city]
        checked += 1


def test_hovering_a_display_card_lights_its_city_and_route(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random")], seed=8)
    app.step(1 / 60)
    state = session.state
    dest, rect = scene.display_rects()[0]
    city = state.cards.destinations[dest].city
    x, y = scene.city_rect(city).center
    ring = scene.map_view.dot_radius(scene.layout.map) + 7
    spots = [(x + dx, y + dy) for dx in range(-ring - 3, ring + 4) for dy in (-ring, ring)]
    plain = [app.screen.get_at(p)[:3] for p in spots]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.hover_dest == dest
    _, _, _, lit, route = scene._map_marks()
    seat = scene._focus_seat()
    assert lit == city and list(route) == session.state.world.shortest_path(state.positions[seat], city)
    assert [app.screen.get_at(p)[:3] for p in spots] != plain, "the city is ringed on screen"
    # and pointing at the city on the map picks out its card
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.hover_dest == dest


def test_buttons_are_offered_only_when_legal(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random")], seed=12)
    rng = random.Random(5)
    checked = 0
    end = time.monotonic() + 60
    while checked < 40 and not session.state.is_over():
        assert time.monotonic() < end
        if not scene.my_turn():
            app.step(1 / 60)
            continue
        app.step(1 / 60)
        legal = set(session.state.legal_actions())
        b = scene.buttons
        for name, action in ACTION_BUTTONS.items():
            assert b[name].visible and b[name].enabled == (action in legal), name
        assert b["visit_money"].enabled == any(a[0] == "visit" and a[2] == "money" for a in legal)
        assert b["visit_card"].enabled == any(a[0] == "visit" and a[2] == "card" for a in legal)
        if b["visit_card"].enabled:
            assert scene.visit_card_action() in legal
        assert not b["confirm"].enabled or session.state.phase == rules.DISCARD
        checked += 1
        act_by_clicking(app, scene, rng)
    assert checked >= 10


def test_curtain_between_two_humans_not_with_one(app):
    session, scene = start(app, [Seat("Ann"), Seat("Ben"), Seat("Bot", "bot", "random")], seed=5)
    run_until(app, lambda: isinstance(app.top, CurtainScene))
    first = session.state.current_player()
    assert scene.viewer != first and scene.hand_rects() == [], "no hand shows before the curtain lifts"
    click(app, app.top.button.rect.center)
    assert app.top is scene and scene.viewer == first
    app.step(1 / 60)
    assert [c for c, _ in scene.hand_rects()] == session.state.hands[first]
    rng = random.Random(1)
    while session.state.current_player() == first:
        act_by_clicking(app, scene, rng)
    run_until(app, lambda: isinstance(app.top, CurtainScene) or scene.done_button.visible or (
        scene.my_turn() and session.state.current_player() == scene.viewer))
    if session.seats[session.state.current_player()].is_bot:
        return
    assert app.top is scene and scene.viewer == first, "the mover sees the end of their turn first"
    key(app, pygame.K_RETURN)  # Done
    assert isinstance(app.top, CurtainScene) and app.top.name != session.seats[first].name


def test_no_curtain_with_one_human(app):
    session, scene = start(app, [Seat("Ann"), Seat("B1", "bot", "random"), Seat("B2", "bot", "random")])
    rng = random.Random(2)
    while len(session.actions) < 80 and not session.state.is_over():
        assert not any(isinstance(s, CurtainScene) for s in app.stack)
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)


def test_bots_walk_city_by_city_at_a_followable_pace(app):
    app.settings.fast_forward = False
    session, scene = start(app, [Seat("B1", "bot", "random"), Seat("B2", "bot", "random")], seed=3)
    seen, t, actions_at = [], 0.0, []
    while len(seen) < 12 or len(actions_at) < 4:
        count = len(session.actions)
        app.step(1 / 60)
        t += 1 / 60
        walking = [(beat, q) for beat, q in scene.timeline.now() if beat.motion == "walk"]
        if walking:  # the city the traveller last passed
            beat, q = walking[0]
            city = beat.path[int(q * (len(beat.path) - 1))]
            if not seen or seen[-1][0] != city:
                seen.append((city, t))
        if len(session.actions) > count:
            actions_at.append(t)
        assert t < 60
    gaps = [b - a for a, b in zip(actions_at, actions_at[1:])]
    assert min(gaps) >= 0.4, f"bot actions {gaps} come faster than a person can follow"
    steps = [b[1] - a[1] for a, b in zip(seen, seen[1:])]
    assert max(steps) >= 0.25


def test_undo_takes_back_a_move(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random")], seed=6)
    rng = random.Random(9)
    run_until(app, lambda: scene.my_turn() and session.state.phase == rules.TURN)
    here, count = session.state.positions[0], len(session.actions)
    move(app, scene, rng)
    run_until(app, lambda: not scene.timeline)
    assert session.can_undo(), "a move reveals nothing"
    click(app, scene.buttons["undo"].rect.center)
    assert len(session.actions) == count and session.state.positions[0] == here
    assert scene.selected is None and scene.my_turn()



def test_replay_steps_forward_and_back(app):
    record = random_record("voyage")
    scene = VoyageScene(app, None, replay=record)
    app.push(scene)
    app.step(1 / 60)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.replay_step == 2
    expected = records.initial_state(record)
    for action in record.actions[:2]:
        expected.apply(action)
    assert scene.state.to_dict() == expected.to_dict()
    seat = scene.state.current_player()
    assert [c for c, _ in scene.hand_rects()] == scene.state.hands[seat], "a replay shows the hand of who moves"
    key(app, pygame.K_LEFT)
    assert scene.replay_step == 1
    click(app, scene.buttons["next"].rect.center)
    assert scene.replay_step == 2
    scene.replay_goto(len(record.actions) - 3)
    click(app, scene.buttons["play"].rect.center)
    run_until(app, lambda: scene.replay_step == len(record.actions), seconds=30)
    assert scene.state.is_over()
    assert not isinstance(app.top, VoyageResultsScene), "a replay shows no results screen"


def test_monkey_clicks_and_keys(app):
    session, scene = start(app, [Seat("Ann"), Seat("Ben"), Seat("Bot", "bot", "normal"), Seat("Cat", "bot", "random")])
    rng = random.Random(99)
    w, h = app.screen.get_size()
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_f,
            pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_a, pygame.K_z]
    end = time.monotonic() + 4
    while time.monotonic() < end:
        r = rng.random()
        if r < 0.6:
            pos = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif r < 0.7:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
        else:
            k = rng.choice(keys)
            mod = pygame.KMOD_CTRL if k == pygame.K_z else 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        app.step(1 / 60)
        if not app.stack:
            break
    assert app.stack


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("replay", [False, True])
def test_layout_fits_the_window_without_overlap(size, players, replay):
    lay = compute(size, players, replay=replay)
    window = pygame.Rect((0, 0), size)
    blocks = [lay.top, lay.map_box, lay.display, lay.hand, lay.players, lay.controls, lay.log]
    for rect in blocks:
        assert window.contains(rect), rect
    for i, a in enumerate(blocks):
        for b in blocks[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert lay.map_box.contains(lay.map) and lay.map.width >= 640 * lay.s
    assert lay.log.height >= 80 * lay.s, "the log keeps a few lines"
    buttons = list(lay.buttons.values())
    row = list(lay.actions.values()) + list(lay.replay.values())
    for group, box in ((buttons, lay.top), (row, lay.controls)):
        for i, a in enumerate(group):
            assert box.contains(a), (a, box)
            assert not any(a.colliderect(b) for b in group[i + 1:]), a
    assert all(b.width >= 100 * lay.s and b.height >= 26 for b in row)
    assert lay.hint.bottom <= min(r.top for r in row)
    rows = lay.row_rects(players)
    assert all(lay.players.contains(r) and r.height >= 34 for r in rows)  # two lines of the log's text size
    assert all(not a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])
    for slots, panel in ((lay.display_slots(5), lay.display), (lay.hand_slots(11), lay.hand)):
        assert all(panel.contains(r) for r in slots)
        assert all(not a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
        assert min(r.height for r in slots) >= 48
    regions = list(lay.regions().values())
    for i, a in enumerate(regions):
        assert window.contains(a), a
        assert not any(a.colliderect(b) for b in regions[i + 1:]), a


def test_resize_redraws_at_both_extremes(app):
    session, scene = start(app, [Seat("Ann")] + [Seat(f"Bot{i}", "bot", "random") for i in range(4)])
    run_until(app, scene.my_turn)
    for size in ((1024, 640), (2560, 1440), (1024, 640), (1280, 800)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step(1 / 60)
        app.step(1 / 60)
        window = pygame.Rect((0, 0), size)
        assert scene.layout.size == size
        for _, rect in scene.hand_rects():
            assert window.contains(rect) and scene.layout.hand.contains(rect)
        for b in scene.buttons.values():
            if b.visible:
                assert window.contains(b.rect)


def test_a_live_resize_stretches_the_last_map_and_draws_it_anew_once_the_size_holds(app, monkeypatch):
    """The map's names are placed once per size, the slowest part of a redraw: a window dragged
    through many sizes shows the last map stretched, then the map made for the size it settles at."""
    from wonderland_games.games.voyage import scene as voyage_scene

    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random")])
    run_until(app, scene.my_turn)
    made, real = [], scene.map_view._render
    monkeypatch.setattr(scene.map_view, "_render", lambda size: made.append(size) or real(size))
    for size in ((1100, 700), (1300, 760), (1900, 1060), (1024, 640), (1500, 900)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step(1 / 60)
        assert scene.layout.size == size and not scene.still()
    assert made == []
    for _ in range(int(voyage_scene.RESIZE_SETTLE * 60) + 2):
        app.step(1 / 60)
    assert made == [scene.layout.map.size] and scene.still()
    drawn = app.screen.get_at(scene.layout.map.center)
    assert drawn == scene.map_view.base(scene.layout.map).get_at((scene.layout.map.width // 2,
                                                                   scene.layout.map.height // 2))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_text_on_the_table_is_whole(app, monkeypatch, size, players, lang):
    """Nothing the table draws ends in a cut ("Souvenir mark…", "– Dje…"): the panels, the title
    lines, all 48 destination cards and all itinerary cards, and the tooltips over them."""
    from wonderland_games.games.voyage import panels

    app.i18n.set_language(lang)
    cut, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: (text.endswith(tx.ELLIPSIS) and cut.append(text))
                        or real(font, text, *a))
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.screen = pygame.display.get_surface()
    session, scene = start(app, [Seat("Ann")] + [Seat(f"Bot{i}", "bot", "random") for i in range(1, players)])
    run_until(app, scene.my_turn)
    lay, state = scene.layout, session.state
    state.souvenirs = [[seat % 3, 1, 4, 0, 2, 5] for seat in range(players)]
    scene._frame = None  # all drawn again, now that the bots' "thinking…" is over
    cut.clear()
    app.step(1 / 60)
    for pos in [r.center for _, r in scene.display_rects()] + [r.center for _, r in scene.hand_rects()] + [
            r.center for r in lay.row_rects(players)]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
    for dest in state.cards.destination_ids:
        panels.draw_destination(app.screen, lay.display_slots(5)[0], lay.s, app, state, dest)
    for card in state.cards.itinerary_ids:
        panels.draw_itinerary(app.screen, lay.hand_slots(7)[0], lay.s, app, state.cards, card)
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_long_landmark_name_wraps_between_words_and_keeps_clear_of_its_points(app, monkeypatch, lang):
    """"Neuschwanstein Castle" once broke as "Neuschwanst / ein Castle"; a one-line Chinese name
    ran up to the points badge."""
    from wonderland_games.games.voyage import panels
    from wonderland_games.ui.theme import px

    app.i18n.set_language(lang)
    state = Session.new("voyage", [Seat("A"), Seat("B")], seed=3, autosave=False).state
    lay = compute((1024, 640), 2)
    rect = lay.display_slots(5)[0]
    drawn, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: drawn.append((font, text)) or real(font, text, *a))
    surface = pygame.Surface((1024, 640))
    for dest in state.cards.destination_ids:
        name = app.i18n.pick(state.cards.destinations[dest].name)
        drawn.clear()
        panels.draw_destination(surface, rect, lay.s, app, state, dest)
        lines = [(font, text) for font, text in drawn if text and text in name]
        assert " ".join(text for _, text in lines).split() == name.split() or "".join(
            text for _, text in lines) == name, (name, lines)  # every word whole, in order
        for font, text in lines:
            assert font.size(text)[0] <= rect.width - 2 * max(8, min(px(13, lay.s), rect.height // 4)) - 12


def _flat(tree, prefix=""):
    out = {}
    for k, v in tree.items():
        out.update(_flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}": v})
    return out


def test_voyage_strings_match_in_both_languages():
    import yaml

    from wonderland_games.core.paths import data_dir

    tree = yaml.safe_load((data_dir() / "voyage" / "strings.yaml").read_text(encoding="utf-8"))
    zh, en = _flat(tree["zh"]), _flat(tree["en"])
    assert set(zh) == set(en)
    for k in zh:
        assert set(re.findall(r"{(\w+)}", zh[k])) == set(re.findall(r"{(\w+)}", en[k])), k
    units = {k.rsplit(".", 1)[0] for k in zh if k.startswith("count.")}
    assert units and all(f"{u}.one" in zh and f"{u}.other" in zh for u in units)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_score_part_has_one_name_on_the_score_hover_and_the_results_screen(app, lang):
    """Terms are the same everywhere: the hover said "Souvenir sets" / 纪念品组 for the points the
    results call "Souvenirs" / 纪念品, where 纪念品组 is the count of sets (QA)."""
    app.i18n.set_language(lang)
    for part in rules.BREAKDOWN:
        assert app.t(f"voyage.breakdown.{part}") == app.t(f"voyage.results.{part}"), part
    assert app.t("voyage.results.souvenirs") != app.t("voyage.results.sets")


def test_the_chinese_table_names_a_visit_and_a_token_as_the_rules_do():
    """探访, 常旅客标记 and 收集纪念品, the rule text's words, which our rules page uses: the table
    said 参观, 飞行券 / 飞行常客券 / 券 for one token and 买纪念品; and one market is a 纪念品市场
    on the table and the page alike (the page said 集市) (QA)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "data" / "voyage"
    table = yaml.safe_load((root / "strings.yaml").read_text(encoding="utf-8"))["zh"]
    page = (root / "rules.zh.md").read_text(encoding="utf-8")
    texts = []

    def walk(tree):
        for value in tree.values():
            if isinstance(value, dict):
                walk(value)
            else:
                texts.append(str(value))

    walk(table)
    words = " ".join(texts)
    for word in ("探访", "常旅客标记", "收集纪念品", "纪念品市场"):
        assert word in words and word in page, word
    assert not [w for w in ("参观", "券", "买纪念品", "集市") if w in words + page]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_string_the_table_shows_is_written(app, monkeypatch, lang):
    """A whole game's table, log and results in one language: no text is a bare key."""
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random"), Seat("Cy", "bot", "random")], seed=7)
    rng = random.Random(1)
    end = time.monotonic() + 90
    while not isinstance(app.top, VoyageResultsScene):
        assert time.monotonic() < end
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)
    app.step(1 / 60)
    texts = drawn + [line for line, _ in scene.log.entries] + [line for line, _ in
                                                               scene.narrator.setup(session.initial_state())]
    bare = [t for t in texts if re.search(r"\bvoyage\.[a-z_]+", t) or re.search(r"{\w+}", t)]
    assert not bare, bare[:5]
    if lang == "en":
        assert not [t for t in texts if re.search(r"\b1 (points|steps|coins|itinerary cards|actions)\b", t)]
        assert not [t for t in texts if re.search(r"[\u4e00-\u9fff]", t) and "爱丽丝" not in t]


def test_in_hot_seat_a_player_undoes_only_their_own_moves(app):
    session, scene = start(app, [Seat("Ann"), Seat("Ben")], seed=5)
    run_until(app, lambda: isinstance(app.top, CurtainScene))
    click(app, app.top.button.rect.center)
    first = scene.viewer
    rng = random.Random(2)
    move(app, scene, rng)
    run_until(app, lambda: not scene.timeline)
    assert scene.buttons["undo"].enabled, "my own move can be taken back"
    click(app, scene.buttons["end"].rect.center)
    run_until(app, lambda: scene.done_button.visible)
    click(app, scene.done_button.rect.center)
    assert isinstance(app.top, CurtainScene)
    click(app, app.top.button.rect.center)
    app.step(1 / 60)
    assert scene.viewer != first and session.can_undo()
    assert not scene.buttons["undo"].enabled, "the other player's move is theirs to take back"
    actions = list(session.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert session.actions == actions


def test_a_card_reward_is_told_once_in_the_log(app):
    from wonderland_games.games.voyage.narrate import Narrator

    session = Session.new("voyage", [Seat("Ann"), Seat("Ben")], seed=3, autosave=False)
    narrator = Narrator(app, session.seats, session.state.world, session.state.cards)
    events = [{"type": "reward", "seat": 0, "dest": 6, "kind": "card", "amount": 1},
              {"type": "draw", "seat": 0, "cards": [12]}]
    assert len(narrator.lines(events)) == 1
    assert len(narrator.lines(events[1:])) == 1  # a draw of its own (a buy) is told


def test_a_souvenir_reward_is_told_with_its_count(app):
    from wonderland_games.games.voyage.narrate import Narrator

    session = Session.new("voyage", [Seat("Ann"), Seat("Ben")], seed=3, autosave=False)
    narrator = Narrator(app, session.seats, session.state.world, session.state.cards)
    djenne = session.state.cards.dest_at["djenne"]  # a 2-cube souvenir reward
    lines = [narrator.lines([{"type": "reward", "seat": 0, "dest": djenne, "kind": "souvenir", "amount": n}])[0][0]
             for n in (1, 2)]
    app.i18n.set_language("en")
    assert [app.t("voyage.log.reward_souvenir", name="Ann", region="Africa", n=n) for n in (1, 2)] == [
        "Ann gains a souvenir of Africa.", "Ann gains 2 souvenirs of Africa."]
    assert lines[0] != lines[1] and "2" in lines[1]
    none = narrator.lines([{"type": "reward", "seat": 0, "dest": djenne, "kind": "souvenir", "amount": 0}])[0][0]
    assert "0" not in none and none == app.t("voyage.log.reward_souvenir_none", name="Ann", region="Africa"), \
        "an empty stock is said, not 'gains 0 souvenirs'"


def test_a_hint_line_that_no_longer_fits_is_left_out_not_cut(app, monkeypatch):
    """The controls panel shows its hint lines whole: one that would need more room than is
    left is dropped, not drawn cut off with an ellipsis."""
    from wonderland_games.ui import surfaces, theme

    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    lay = scene.layout
    font = app.fonts.get(theme.px(16, lay.s))
    rows = max(1, lay.hint.height // font.get_linesize())
    lines = [("first line", 16, theme.INK, False)] * (rows - 1)
    lines.append(("a long closing line that wraps over many lines " * 4, 16, theme.INK, False))
    drawn = []
    real = tx.render
    monkeypatch.setattr(tx, "render", lambda f, text, *a, **k: drawn.append(text) or real(f, text, *a, **k))
    scene._paint_controls(lines, [], surfaces.new(app.screen.get_size()))
    assert drawn.count("first line") == rows - 1
    assert not any(text.endswith(tx.ELLIPSIS) for text in drawn), drawn


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 1000), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_travellers_souvenirs_show_by_region_at_every_size(app, monkeypatch, size, players):
    """Souvenirs once showed only where the suitcase line had room left (1920 px and up); in
    two-line rows they started after each name, so the regions' columns wandered from row to
    row (QA, 1024x640, 5 players): every row's souvenirs now start at the same place."""
    from wonderland_games.games.voyage import panels

    names = ["Mary Ann 2", "Cheshire", "Queen", "Hatter", "Dormouse"][:players]
    state = Session.new("voyage", [Seat(n) for n in names], seed=3, autosave=False).state
    state.souvenirs = [[seat % 3, 1, 4, 0, 2, 5] for seat in range(players)]
    lay = compute(size, players)
    drawn, real = [], panels.souvenirs
    monkeypatch.setattr(panels, "souvenirs", lambda surface, line, *a: drawn.append(line) or real(surface, line, *a))
    texts, real_line = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: texts.append(text) or
                        real_line(surface, fonts, text, *a, **k))
    panels.draw_players(pygame.Surface(size), lay, app, state, 0, [0] * players)
    rows = lay.row_rects(players)
    assert len(drawn) == players
    for row, line in zip(rows, drawn):
        assert row.contains(line) and line.width >= 6 * 24 * lay.s and line.height >= 12, (row, line)
    assert texts.count("5") >= players and texts.count("4") >= players  # every count written
    assert len({line.left for line in drawn}) == 1 and all(name in texts for name in names)


def test_a_completed_souvenir_set_fills_its_pips(app, monkeypatch):
    """A set of 3 showed "3" beside three empty pips, as if nothing were collected."""
    from wonderland_games.games.voyage import panels

    state = Session.new("voyage", [Seat("A"), Seat("B")], seed=3, autosave=False).state
    counts = [0, 1, 2, 3, 4, 6]
    state.souvenirs[0] = counts
    filled, real = [], pygame.draw.circle
    monkeypatch.setattr(pygame.draw, "circle", lambda surface, colour, centre, r, width=0:
                        filled.append((centre[0], width)) or real(surface, colour, centre, r, width))
    line = pygame.Rect(0, 0, 6 * 80, 20)
    panels.souvenirs(pygame.Surface((600, 40)), line, 1.0, app, state, 0)
    cubes = [spot.icon for spot in panels.souvenir_spots(state, line)]  # their region's shape is no pip
    per_region = [sum(1 for x, width in filled if width == 0 and i * 80 <= x < (i + 1) * 80
                      and not cubes[i].left <= x < cubes[i].right) for i in range(6)]
    assert per_region == [0, 1, 2, 3, 1, 3]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_destination_card_names_its_theme_city_and_region_even_with_a_two_line_name(app, monkeypatch, size, lang):
    from wonderland_games.games.voyage import panels

    app.i18n.set_language(lang)
    state = Session.new("voyage", [Seat("A"), Seat("B")], seed=3, autosave=False).state
    lay = compute(size, 2)
    rect = lay.display_slots(5)[0]
    texts, real = [], tx.draw_line

    def shown(surface, fonts, text, rect, size, colour, bold=False, align="center"):  # the text as drawn
        texts.append(tx.fit_line(fonts, text, rect.width, rect.height, size, bold)[1])
        return real(surface, fonts, text, rect, size, colour, bold, align)

    monkeypatch.setattr(tx, "draw_line", shown)
    for dest in state.cards.destination_ids:
        d = state.cards.destinations[dest]
        texts.clear()
        panels.draw_destination(pygame.Surface(size), rect, lay.s, app, state, dest)
        assert app.i18n.pick(state.cards.colours[d.colour].theme) in texts, dest
        assert str(d.points) in texts, dest
        # the city keeps its own line under a two-line name (it was dropped, or lost its region)
        city, region = app.i18n.pick(state.world.city[d.city].name), app.i18n.pick(state.world.region[d.region].name)
        line = [t for t in texts if t == city or t.startswith(city + app.t("sep"))]
        assert line, (dest, texts)
        if size != (1024, 640) or lang == "zh":
            assert line[0] == city + app.t("sep") + region, (dest, texts)


def test_a_special_itinerary_card_names_its_colour_and_whole_words(app, monkeypatch):
    from wonderland_games.games.voyage import panels
    from wonderland_games.games.voyage.narrate import colour_name

    app.i18n.set_language("en")
    cards = Session.new("voyage", [Seat("A"), Seat("B")], seed=3, autosave=False).state.cards
    lay = compute((1024, 640), 2)
    rect = lay.hand_slots(7)[0]
    texts, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: texts.append(text) or real(font, text, *a, **k))
    specials = [c for c in cards.itinerary_ids if cards.itineraries[c].kind != "plain"]
    assert specials
    for card in specials:
        texts.clear()
        panels.draw_itinerary(pygame.Surface((200, 200)), rect, lay.s, app, cards, card)
        assert colour_name(app, cards.itineraries[card].colour) in texts, card
        name = app.i18n.pick(cards.specials[cards.itineraries[card].kind].name)
        assert set(" ".join(texts).split()) >= set(name.split()), (texts, name)  # no word cut in two


def test_a_players_score_tooltip_says_money_and_tokens_count_from_the_start(app, monkeypatch):
    app.i18n.set_language("en")
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "normal")])
    run_until(app, scene.my_turn)
    texts, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: texts.append(text) or real(font, text, *a, **k))
    row = scene.layout.row_rects(2)[0]
    pawn = (row.left + 10, row.centery)  # the row's icons have tips of their own (test_voyage_row_tips.py)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pawn, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        app.step(1 / 60)
    assert scene.hover_seat == 0 and session.state.scores_now()[0] > 0  # points before any visit
    joined = " ".join(texts)
    assert "Counted as if the game ended now" in joined and "Total" in joined


def test_after_both_actions_with_a_token_the_table_offers_the_flyer_and_end_turn(app):
    app.i18n.set_language("en")
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "normal")])
    run_until(app, scene.my_turn)
    for _ in range(2):
        scene.apply(next(a for a in session.state.legal_actions() if a[0] == "move"))
        run_until(app, lambda: scene.my_turn() and not scene.timeline)
    state = session.state
    assert state.current == 0 and state.actions_left == 0 and state.tokens[0] > 0
    app.step(1 / 60)
    assert scene.buttons["end"].enabled and scene.buttons["end"].style == "primary"
    assert scene.buttons["flyer"].enabled and not scene.buttons["collect"].enabled
    assert app.t("voyage.hint.flyer_after") in [text for text, *_ in scene._hint_lines()]
    click(app, scene.buttons["end"].rect.center)
    run_until(app, lambda: state.current != 0 or state.is_over())


@pytest.mark.parametrize("lang", ("en", "zh"))
def test_a_greyed_visit_says_why_on_hover(app, monkeypatch, lang):
    """On a displayed destination's city with too little money and no card of its colour, both Visit
    buttons are greyed: pointed at, each says why (QA: at Giza with 1 coin they said nothing)."""
    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    run_until(app, lambda: scene.my_turn() and not scene.timeline)
    state = session.state
    dest = state.display[0]
    city = next(c for c, d in state.cards.dest_at.items() if d == dest)
    colour = state.cards.destinations[dest].colour
    state.positions[0], state.money[0] = city, 1
    state.positions[1] = next(c for c in state.cards.dest_at if state.world.region_of[c] != state.world.region_of[city])
    state.hands[0] = [c for c in state.hands[0] if state.cards.itineraries[c].colour != colour]
    assert state.visitable(0) == dest and not any(a[0] == "visit" for a in state.legal_actions())
    app.step(1 / 60)
    drawn = []
    real = tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: drawn.append(text) or real(font, text, *a, **k))
    name = app.i18n.pick(state.cards.destinations[dest].name)
    for button, why in (("visit_money", "no_money"), ("visit_card", "no_card")):
        b = scene.buttons[button]
        assert b.visible and not b.enabled
        drawn.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
        app.step(1 / 60)
        shown = "".join(drawn).replace(" ", "")
        assert name.replace(" ", "")[:4] in shown, (button, shown[-200:])
        word = {"no_money": app.t("voyage.count.money", n=1), "no_card": app.t(f"voyage.colours.{colour}")}[why]
        assert word.replace(" ", "") in shown, (button, shown[-200:])


@pytest.mark.parametrize("lang", ("en", "zh"))
def test_a_crowded_visit_names_who_stands_in_the_region_now_and_for_a_planned_move(app, lang):
    """The fee counts the whole region: with nobody on the city itself, a player could not see why
    a visit costs a coin more, nor that a planned move's destination will (QA, 1280x800)."""
    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bo", "bot", "easy"), Seat("Cy", "bot", "easy")])
    run_until(app, lambda: scene.my_turn() and not scene.timeline)
    state, world = session.state, session.state.world
    dest = state.display[0]
    city = next(c for c, d in state.cards.dest_at.items() if d == dest)
    region = world.region_of[city]
    near = next(c for c in world.city if world.region_of[c] == region and c != city)
    far = next(c for c in world.city if world.region_of[c] != region)
    region_shown = app.i18n.pick(world.region[region].name)

    def hints() -> str:
        scene._legal = (None, [])  # the positions are changed by hand: the cached legal list is stale
        app.step(1 / 60)
        return " ".join(text for text, *_ in scene._hint_lines())

    state.positions[:] = [city, near, far]
    state.money[0] = 10
    assert state.visit_fee(0) == 1 and any(a[0] == "visit" for a in state.legal_actions())
    coin = app.t("voyage.count.money.one", n=1)
    crowded = app.t("voyage.hint.crowded", names="Bo", place=region_shown, fee=coin)
    assert crowded in hints(), hints()
    state.positions[1] = far
    assert crowded not in hints()

    move = next(a for a in state.legal_actions() if a[0] == "move" and a[2] in state.cards.dest_at)
    goal = move[2]  # a planned move onto a displayed destination, another traveller in its region
    state.display[1] = state.cards.dest_at[goal]
    state.positions[1] = next(c for c in world.city if world.region_of[c] == world.region_of[goal] and c != city)
    state.positions[2] = next(c for c in world.city if world.region_of[c] not in (region, world.region_of[goal]))
    scene.selected, scene.target = move[1], goal
    note = app.t("voyage.hint.planned_crowded", names="Bo", fee=coin,
                 place=app.i18n.pick(world.region[world.region_of[goal]].name))
    assert note in hints(), hints()
    state.positions[1] = state.positions[2]
    assert note not in hints()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_planned_move_shows_under_a_suggestion(app, monkeypatch, lang):
    """A suggestion's three lines came first and filled the panel: picking a card and a city then
    showed nothing of the planned move, only the suggestion (QA, 1280x800 Chinese)."""
    from wonderland_games.ui.hint import Advice

    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bo", "bot", "easy")])
    run_until(app, lambda: scene.my_turn() and not scene.timeline)
    legal = session.state.legal_actions()
    scene.advice = Advice(len(session.actions), tuple((a, 0.5) for a in legal[:3]))
    move = next(a for a in legal if a[0] == "move")
    scene.selected, scene.target = move[1], move[2]
    planned = scene._hint_lines()[0][0]
    assert planned.startswith(app.t("voyage.hint.planned", city="", how="")[:2])
    drawn, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda f, text, *a, **k: drawn.append(text) or real(f, text, *a, **k))
    for _ in range(5):  # a changed region may be repainted a frame later
        app.step(1 / 60)
    joined = "".join("".join(drawn).split())
    assert "".join(scene.hint_lines()[0][0].split()) in joined, "the suggestion stays on top"
    assert "".join(planned.split()) in joined, (planned, drawn)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_direct_flight_is_told_without_saying_its_name_twice(app, lang):
    """The card is named "Gold Direct flight", so a line that adds its own "flies" must not
    stutter: "用金色直飞直飞拉利贝拉" (QA, 1280x800 Chinese log)."""
    from wonderland_games.games.voyage.narrate import Narrator

    app.i18n.set_language(lang)
    session = Session.new("voyage", [Seat("Ann"), Seat("Ben")], seed=3, autosave=False)
    cards = session.state.cards
    fly = next(i for i, it in enumerate(cards.itineraries) if it is not None and it.kind == "fly")
    kind = app.i18n.pick(cards.specials["fly"].name)
    narrator = Narrator(app, session.seats, session.state.world, cards)
    line, _ = narrator.line({"type": "fly", "seat": 0, "card": fly, "to": session.state.positions[1]})
    assert kind in line and kind + kind not in line and line.count(kind) == 1, line


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_turn_ended_without_acting_is_told_in_the_log(app, lang):
    """A bot that only pressed End left its turn's heading alone in the log, right above the next
    player's, as if something were missing (QA, 1280x800 Chinese, round 12)."""
    from wonderland_games.games.voyage.narrate import Narrator

    app.i18n.set_language(lang)
    session = Session.new("voyage", [Seat("Ann"), Seat("Ben")], seed=3, autosave=False)
    state = session.state
    narrator = Narrator(app, session.seats, state.world, state.cards)
    idle = app.t("voyage.log.idle", name=session.seats[state.current].name)
    assert idle in [text for text, _ in narrator.lines(session.apply(rules.END))]
    move = next(a for a in state.legal_actions() if a[0] == "move")
    session.apply(move)
    said = [text for text, _ in narrator.lines(session.apply(rules.END))]
    assert not any(text == app.t("voyage.log.idle", name=name) for text in said for name in ("Ann", "Ben")), said


@pytest.mark.parametrize("lang", ("en", "zh"))
def test_a_greyed_buy_or_flyer_button_says_why_on_hover(app, monkeypatch, lang):
    """With no token and 1 coin, Buy 1 card, Frequent flyer, Buy 2 cards and Souvenir are greyed:
    pointed at, each says why (QA, 1280x800: they said nothing, the labels' "(1 token)" alone)."""
    from wonderland_games.games.voyage.narrate import counted
    from wonderland_games.games.voyage.rules import REGION_INDEX

    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    run_until(app, lambda: scene.my_turn() and not scene.timeline)
    state, world = session.state, session.state.world
    state.tokens[0], state.money[0] = 0, 1
    region = world.region_of[state.positions[0]]
    state.supply[REGION_INDEX[region]] = 0
    scene._legal = (None, [])  # changed by hand: the cached legal list is stale
    app.step(1 / 60)
    coins = {"n": counted(app, "money", 3), "have": counted(app, "money", 1)}
    want = {"buy_token": app.t("voyage.spend_why.no_token"), "flyer": app.t("voyage.spend_why.no_token"),
            "buy_money": app.t("voyage.spend_why.no_money", **coins),
            "collect": app.t("voyage.spend_why.market_empty", region=app.i18n.pick(world.region[region].name))}
    drawn, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: drawn.append(text) or real(font, text, *a, **k))
    for button, text in want.items():
        b = scene.buttons[button]
        assert b.visible and not b.enabled, button
        drawn.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
        app.step(1 / 60)
        assert "".join(text.split()) in "".join("".join(drawn).split()), (button, text, drawn[-6:])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_city_clicked_before_a_card_or_out_of_reach_says_why_in_the_panel(app, lang):
    """A click on a city moved nothing and said nothing: before a card was picked (newcomer,
    lesson) and on a city the picked card cannot reach (a greyed Confirm, no reason; real game)."""
    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "random")], seed=8)
    state, world = session.state, session.state.world
    assert scene.my_turn()
    here = state.positions[0]
    far = max((c for c in world.city if c != here), key=lambda c: len(world.shortest_path(here, c)))
    name = app.i18n.pick(world.city[far].name)

    def panel():
        return " ".join(text for text, *_ in scene._hint_lines())

    click(app, scene.city_rect(far).center)
    assert scene.selected is None and name in panel()
    assert panel().startswith(app.t("voyage.hint.card_first", city=name))
    card = next(a[1] for a in state.legal_actions() if a[0] == "move" and scene.cards.itineraries[a[1]].kind == "plain")
    click(app, dict(scene.hand_rects())[card].center)
    assert scene.selected == card and not scene.notice, "picking a card clears the word"
    click(app, scene.city_rect(far).center)
    steps = len(world.shortest_path(here, far)) - 1
    assert scene.target is None and name in panel() and str(steps) in panel()
    assert str(scene.cards.itineraries[card].steps + state.bonus) in panel()
    click(app, scene.city_rect(here).center)
    assert panel().startswith(app.t("voyage.hint.already_here", city=app.i18n.pick(world.city[here].name)))
    city = sorted(scene.move_targets(card))[0]
    click(app, scene.city_rect(city).center)
    assert scene.target == city and not scene.notice
