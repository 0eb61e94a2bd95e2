"""The Lost in Oz table driven with real pygame events (headless, see conftest.py)."""

import random
import re
import time

import pygame
import pytest

from wonderland_games.core import records
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.art import OzArt
from wonderland_games.games.oz.board_view import BoardView
from wonderland_games.games.oz.layout import compute
from wonderland_games.games.oz.results import OzResultsScene
from wonderland_games.games.oz.scene import OzScene
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.testing import click, key, random_record, run_until
from wonderland_games.ui.theme import px
from wonderland_games.ui.save_dialog import SaveDialog


@pytest.fixture
def app(table_app):
    return table_app


def start(app, seats, seed=11):
    session = Session.new("oz", seats, seed=seed, autosave=False)
    scene = OzScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    app.step(1 / 60)
    return session, scene


def play_until(app, scene, condition, rng, seconds=60.0):
    """Let the looking player act by clicking until `condition()` holds."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        else:
            app.step(1 / 60)


def act_by_clicking(app, scene, rng, cast_chance=0.3):
    """One decision of the looking player, made the way a person would: dice, cards, buttons."""
    state = scene.session.state
    before = len(scene.session.actions)
    if state.phase in (rules.DRAFT_DIR, rules.DRAFT_ACT):
        (_, rect) = rng.choice([(k, r) for k, r in scene.die_rects() if k in scene._clickable_dice()])
        click(app, rect.center)
    elif state.phase in (rules.SETUP_DISCARD, rules.ROUND_DISCARD):
        card, rect = rng.choice(scene.hand_rects())
        click(app, rect.center)
        assert scene.selected == card and len(scene.session.actions) == before, "one click only picks the card"
        click(app, dict(scene.hand_rects())[card].center)
    else:
        casts = scene._castable()
        if casts and rng.random() < cast_chance:
            card = rng.choice(sorted(casts))
            click(app, dict(scene.hand_rects())[card].center)
            while scene.options and len(scene.session.actions) == before:
                button, _ = rng.choice([o for o in scene.options if o[1] is not None])
                click(app, button.rect.center)
        else:
            click(app, scene.buttons["go"].rect.center)
    assert len(scene.session.actions) > before, f"a click did nothing in phase {state.phase}"


def test_log_and_save_prompt_use_oz_and_shared_words(app, monkeypatch):
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    monkeypatch.setitem(app.i18n.tables["zh"], "oz.log.title", "奥兹之旅记录")
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    assert "奥兹之旅记录" in drawn
    click(app, scene.buttons["save"].rect.center)
    assert isinstance(app.top, SaveDialog) and app.top.session is session
    assert app.t("save.title") in drawn


def test_human_plays_a_whole_game_against_bots_by_clicking(app):
    session, scene = start(app, [Seat("爱丽丝"), Seat("Bot", "bot", "easy")], seed=5)
    rng = random.Random(3)
    end = time.monotonic() + 240
    while not isinstance(app.top, OzResultsScene):
        assert time.monotonic() < end
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)
    assert session.state.is_over() and max(session.state.scores) >= rules.TARGET
    assert any(actor == 0 for actor in session.actors)
    kinds = {a[0] for a, actor in zip(session.actions, session.actors) if actor == 0}
    assert {"discard", "take_dir", "take_act", "step"} <= kinds
    app.step(1 / 60)  # the results screen draws


def test_path_preview_matches_what_the_steps_do(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=8)
    rng = random.Random(4)
    checked = 0
    end = time.monotonic() + 120
    while checked < 12:
        assert time.monotonic() < end
        if not scene.my_turn():
            app.step(1 / 60)
            continue
        state = session.state
        if state.phase != rules.ACTION or state.moved_this_phase:
            act_by_clicking(app, scene, rng, cast_chance=0)
            continue
        path = scene.path()
        assert path, "an action phase always has a step ahead"
        done = len(session.actions)
        click(app, scene.buttons["go"].rect.center)
        run_until(app, lambda: session.state.acting != 0 or session.state.phase != rules.ACTION)
        steps = []
        for action in session.actions[done:]:
            assert action == ("step",)
        replay = session.initial_state()
        for action in session.actions[:done]:
            replay.apply(action)
        for action in session.actions[done:]:
            events = replay.apply(action)
            steps.append(events)
        found = set()
        for shown, events in zip(path, steps):
            step = events[0]
            assert shown.start == tuple(step["from"])
            assert shown.target == (None if step["to"] is None else tuple(step["to"]))
            assert (shown.barrier, shown.edge, shown.cost, shown.stop) == (step["barrier"], step["edge"], step["cost"], step["stop"])
            gems = {(e["colour"], e["points"]) for e in events if e["type"] == "gem" and e["colour"] not in found}
            assert set(shown.gems) <= gems
            found |= {e["colour"] for e in events if e["type"] == "gem"}
            assert shown.book == sum(e["cards"] for e in events if e["type"] == "book")
            assert shown.wizard == sum(e["points"] for e in events if e["type"] == "wizard")
            if shown.edge:
                break
        if not path[-1].edge:
            assert len(path) == len(steps), "the walk ends exactly where the preview said"
            assert path[-1].stop and path[-1].points_left == 0
        checked += 1


def test_preview_never_peeks_at_dice(app):
    """The walk is played on a copy with made-up dice: its edge step stops the preview."""
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=8)
    play_until(app, scene, lambda: scene.my_turn() and session.state.phase == rules.ACTION, random.Random(2))
    state = session.state
    rng_before, chance = state.rng, state.chance
    scene.path()
    assert (state.rng, state.chance) == (rng_before, chance), "previewing changes nothing"
    assert all(not p.edge for p in scene.path()[:-1])


def lift(app):
    """The named player confirms the curtain."""
    click(app, app.top.button.rect.center)


def play_hot_seat(app, scene, condition, rng, seconds=90.0):
    """Play every human's turns by clicking, lifting each curtain and pressing Done (Enter),
    until `condition()` holds."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        if isinstance(app.top, CurtainScene):
            lift(app)
        elif scene.done_button.visible:
            key(app, pygame.K_RETURN)
        elif scene.my_turn():
            act_by_clicking(app, scene, rng)
        else:
            app.step(1 / 60)


def test_the_mover_sees_their_move_until_done_then_the_curtain(app, drawn):
    session, scene = start(app, [Seat("Ann"), Seat("Ben"), Seat("Bot", "bot", "easy")], seed=5)
    run_until(app, lambda: isinstance(app.top, CurtainScene))
    assert not scene.done_button.visible, "the first curtain: nobody has moved yet"
    first = session.state.current_player()
    lift(app)
    assert app.top is scene and scene.viewer == first
    app.step(1 / 60)
    assert {c for c, _ in scene.hand_rects()} == set(session.state.hands[first])
    act_by_clicking(app, scene, random.Random(1))
    run_until(app, lambda: scene.done_button.visible or isinstance(app.top, CurtainScene))
    assert app.top is scene, "no curtain cuts off the move"
    nxt = session.state.current_player()
    assert nxt != first and not session.seats[nxt].is_bot
    for _ in range(120):  # two seconds: the table waits for the mover
        app.step(1 / 60)
    assert app.top is scene and scene.viewer == first, "the mover's own view stays"
    assert {c for c, _ in scene.hand_rects()} == set(session.state.hands[first])
    assert scene.done_button.text() == f"完成——交给 {session.seats[nxt].name}"
    said = app.t("handoff.status", next=session.seats[nxt].name) if scene.mover == first else \
        app.t("oz.status.handoff_after", name=session.seats[scene.mover].name, next=session.seats[nxt].name)
    assert scene._status() == said, "the last move seen is named: the bot's when it played after the mover"
    assert scene.done_button.rect.colliderect(scene.buttons["go"].rect), "where the main button goes"
    assert scene.done_button.text() in drawn
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene) and app.top.name == session.seats[nxt].name
    assert not scene.done_button.visible


def test_a_walk_and_its_gains_stay_on_the_table_until_done(app):
    app.settings.fast_forward = False
    session, scene = start(app, [Seat("Ann"), Seat("Ben"), Seat("Bot", "bot", "easy")], seed=5)
    rng = random.Random(4)
    play_hot_seat(app, scene, lambda: scene.my_turn() and session.state.phase == rules.ACTION
                  and not session.state.moved_this_phase, rng, seconds=120)
    mover = scene.viewer
    click(app, scene.buttons["go"].rect.center)
    walked = False
    end = time.monotonic() + 60
    while not scene.done_button.visible:
        assert time.monotonic() < end
        assert not any(isinstance(s, CurtainScene) for s in app.stack), "the curtain waits for Done"
        walked = walked or bool(scene.timeline)
        app.step(1 / 60)
    assert walked, "the walk was animated"
    state = session.state
    assert scene.viewer == mover and not scene.timeline
    assert scene.display.tokens == state.tokens and scene.display.scores == state.scores, "the walk's end is drawn"
    assert any(a == ("step",) for a, who in zip(session.actions, session.actors) if who == mover)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene)


def test_the_last_die_is_taken_for_its_player_with_no_curtain_and_undo_passes_it(app):
    session, scene = start(app, [Seat("Ann"), Seat("Ben")], seed=7)
    rng = random.Random(2)
    play_hot_seat(app, scene, lambda: scene.my_turn() and session.state.phase == rules.DRAFT_DIR
                  and len(session.state.legal_actions()) == 2, rng)
    mover, other = scene.viewer, 1 - scene.viewer
    count = len(session.actions)
    act_by_clicking(app, scene, rng)
    end = time.monotonic() + 30
    while not scene.done_button.visible:
        assert time.monotonic() < end
        assert not any(isinstance(s, CurtainScene) for s in app.stack), "a forced pick needs no curtain"
        app.step(1 / 60)
    assert session.actors[count:] == [mover, other], "the last die was taken for the other player"
    assert session.actions[-1][0] == "take_dir" and session.state.phase == rules.DRAFT_ACT
    note = app.t("handoff.forced", name=session.seats[other].name)
    assert scene.log.entries[-2] == (note, "quiet"), "said before the pick it made"
    assert scene.done_button.text() == f"完成——交给 {session.seats[other].name}"
    assert scene.can_undo(), "the mover may still take back a misclick: the forced pick is no one's choice"
    click(app, scene.buttons["undo"].rect.center)
    assert len(session.actions) == count and scene.my_turn() and scene.viewer == mover
    assert not scene.done_button.visible and note not in [e[0] for e in scene.log.entries]
    act_by_clicking(app, scene, rng)
    run_until(app, lambda: scene.done_button.visible)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene) and app.top.name == session.seats[other].name
    lift(app)
    act_by_clicking(app, scene, rng)  # the first action die; the last one is taken for the mover
    run_until(app, lambda: session.state.phase == rules.ACTION)
    assert session.actors[-1] == mover and session.actions[-1][0] == "take_act"
    assert sum(1 for e in scene.log.entries if e[0] == app.t("handoff.forced", name=session.seats[mover].name)) == 1


def test_a_reload_shows_the_forced_picks_in_the_log_and_goes_to_the_curtain(app):
    session, scene = start(app, [Seat("Ann"), Seat("Ben")], seed=7)
    play_hot_seat(app, scene, lambda: session.state.phase == rules.ACTION, random.Random(2))
    lines = list(scene.log.entries)
    assert sum(1 for text, _ in lines if text.endswith("已代为选取。")) == 2
    again = OzScene(app, Session.from_save(session.to_save(), autosave=False))
    app.stack.clear()
    app.push(again)
    app.step(1 / 60)
    app.step(1 / 60)
    assert again.log.entries == lines and isinstance(app.top, CurtainScene) and not again.done_button.visible


def test_no_curtain_with_one_human(app):
    session, scene = start(app, [Seat("Ann"), Seat("B1", "bot", "easy"), Seat("B2", "bot", "easy")])
    rng = random.Random(2)
    while len(session.actions) < 150:
        assert not any(isinstance(s, CurtainScene) for s in app.stack)
        assert not scene.done_button.visible and scene.handoff_to is None
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)


def test_bots_walk_step_by_step_at_a_followable_pace(app):
    app.settings.fast_forward = False
    session, scene = start(app, [Seat("B1", "bot", "easy"), Seat("B2", "bot", "easy")], seed=3)
    run_until(app, lambda: session.state.phase == rules.ACTION, seconds=60)
    steps_at = []
    t = 0.0
    while len(steps_at) < 4:
        count = sum(1 for a in session.actions if a == ("step",))
        app.step(1 / 60)
        t += 1 / 60
        if sum(1 for a in session.actions if a == ("step",)) > count:
            steps_at.append(t)
        assert t < 60
    gaps = [b - a for a, b in zip(steps_at, steps_at[1:])]
    assert min(gaps) >= 0.3, f"steps {gaps} come faster than a person can follow"


def test_undo_takes_back_a_draft_pick(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=6)
    rng = random.Random(9)
    play_until(app, scene, lambda: scene.my_turn() and session.state.phase == rules.DRAFT_DIR, rng)
    count = len(session.actions)
    act_by_clicking(app, scene, rng)
    run_until(app, lambda: scene.my_turn() and not scene.timeline)  # Undo waits for the bots (TableScene.can_undo)
    assert session.can_undo(), "taking a die reveals nothing"
    click(app, scene.buttons["undo"].rect.center)
    assert len(session.actions) == count
    assert session.state.phase == rules.DRAFT_DIR and scene.display.dir_owner == session.state.dir_owner


def test_spell_choice_offers_only_legal_casts(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=12)
    rng = random.Random(5)
    end = time.monotonic() + 120
    cast = 0
    while cast < 3:
        assert time.monotonic() < end
        if not scene.my_turn():
            app.step(1 / 60)
            continue
        casts = scene._castable()
        if session.state.phase != rules.ACTION or not casts:
            act_by_clicking(app, scene, rng, cast_chance=0)
            continue
        legal = {a for a in session.state.legal_actions() if a[0] == "cast"}
        card = sorted(casts)[0]
        click(app, dict(scene.hand_rects())[card].center)
        assert scene.selected == card
        assert scene.detail_rect() is None, "no card detail over the choices (the mouse is still on the card)"
        offered = [v for _, v in scene.options if v is not None]
        assert offered and all(any(a[2:2 + len(v)] == v for a in legal if a[1] == card) for v in offered)
        before = len(session.actions)
        while len(session.actions) == before:
            button, _ = scene.options[0]
            click(app, button.rect.center)
        assert session.actions[-1] in legal
        cast += 1



def test_replay_steps_forward_and_back(app):
    record = random_record("oz")
    scene = OzScene(app, None, replay=record)
    app.push(scene)
    app.step(1 / 60)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.replay_step == 2
    expected = records.initial_state(record)
    for action in record.actions[:2]:
        expected.apply(action)
    assert scene.state.to_dict() == expected.to_dict()
    key(app, pygame.K_LEFT)
    assert scene.replay_step == 1
    click(app, scene.buttons["next"].rect.center)
    assert scene.replay_step == 2
    scene.replay_goto(len(record.actions) - 3)
    click(app, scene.buttons["play"].rect.center)
    run_until(app, lambda: scene.replay_step == len(record.actions), seconds=30)
    assert scene.state.is_over()
    assert not isinstance(app.top, OzResultsScene), "a replay shows no results screen"


def test_monkey_clicks_and_keys(app):
    session, scene = start(app, [Seat("Ann"), Seat("Ben"), Seat("Bot", "bot", "normal"), Seat("Cat", "bot", "easy")])
    rng = random.Random(99)
    w, h = app.screen.get_size()
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_f,
            pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_a, pygame.K_z]
    for _ in range(3000):
        r = rng.random()
        if r < 0.6:
            pos = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
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
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("replay", [False, True])
def test_layout_fits_the_window_without_overlap(size, players, replay):
    lay = compute(size, players, replay=replay)
    window = pygame.Rect((0, 0), size)
    blocks = [lay.top, lay.board_box, lay.road, lay.players, lay.controls, lay.hand, lay.log]
    for rect in blocks:
        assert window.contains(rect), rect
    for i, a in enumerate(blocks):
        for b in blocks[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert lay.road.top > lay.board_box.bottom and lay.road.width == lay.board_box.width
    assert lay.controls.contains(lay.dice) and lay.controls.contains(lay.draft_hint)
    assert not lay.dice.colliderect(lay.draft_hint)
    assert not any(lay.dice.colliderect(r) for r in lay.replay.values()), "a replay's buttons stay under the dice"
    assert lay.board_box.contains(lay.board) and lay.board.width == lay.board.height == 6 * lay.cell
    assert lay.cell >= 80, "cells stay big enough to read a token and two markers"
    buttons = list(lay.buttons.values())
    row = list(lay.control_buttons.values()) + list(lay.guide_buttons.values()) + list(lay.replay.values())
    for group, box in ((buttons, lay.top), (row, lay.controls)):
        for i, a in enumerate(group):
            assert box.contains(a), (a, box)
            assert not any(a.colliderect(b) for b in group[i + 1:]), a
    assert all(b.width >= 24 for b in row)
    if not replay:
        assert lay.control_buttons["go"].width >= 60
    regions = list(lay.regions().values())
    for i, a in enumerate(regions):
        assert window.contains(a), a
        assert not any(a.colliderect(b) for b in regions[i + 1:]), a
    for count in (1, 3, 5, 7):
        slots = lay.hand_slots(count)
        assert all(lay.hand.contains(r) for r in slots), count
        assert all(not a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
    dirs, acts = lay.dice_slots(players, players)
    dice = dirs + acts
    assert all(lay.dice.contains(r) for r in dice)
    assert all(not a.colliderect(b) for i, a in enumerate(dice) for b in dice[i + 1:])


def test_resize_redraws_at_both_extremes(app):
    session, scene = start(app, [Seat("Ann")] + [Seat(f"Bot{i}", "bot", "easy") for i in range(3)])
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


def test_board_draws_every_barrier_in_purple(app):
    state = rules.new_state([Seat("A"), Seat("B")], 4)
    lay = compute((1280, 800), 2)
    view = BoardView(app, OzArt(app.font))
    surf = view.static(lay, state.board)
    c = lay.cell
    for (x, y), d in state.board.barriers:
        cx = lay.board.left - lay.board_box.left + x * c + {"E": c, "W": 0}.get(d, c // 2)
        cy = lay.board.top - lay.board_box.top + y * c + {"S": c, "N": 0}.get(d, c // 2)
        r, g, b, _ = surf.get_at((cx, cy))
        assert b > g + 30 and r > g, ((x, y), d, (r, g, b))
    # and an inner edge without a barrier is not purple
    free = [((x, y), "E") for x in range(5) for y in range(6) if not state.board.blocked(x, y, "E")]
    (x, y), _ = free[0]
    r, g, b, _ = surf.get_at((lay.board.left - lay.board_box.left + (x + 1) * c,
                              lay.board.top - lay.board_box.top + y * c + c // 2))
    assert not (b > g + 30 and r > g)



@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_page_lists_every_spell(lang):
    from wonderland_games.core.paths import data_dir
    from wonderland_games.games.oz.spells import load_spells

    page = (data_dir() / "oz" / f"rules.{lang}.md").read_text(encoding="utf-8")
    missing = [c.name[lang] for c in load_spells().spells[1:] if c.name[lang] not in page]
    assert not missing, f"rules.{lang}.md does not list {missing}"


def _flat(tree, prefix=""):
    out = {}
    for k, v in tree.items():
        out.update(_flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}": v})
    return out


def test_oz_strings_match_in_both_languages():
    import re

    import yaml

    from wonderland_games.core.paths import data_dir

    tree = yaml.safe_load((data_dir() / "oz" / "strings.yaml").read_text(encoding="utf-8"))
    zh, en = _flat(tree["zh"]), _flat(tree["en"])
    assert set(zh) == set(en)
    for k in zh:
        assert set(re.findall(r"{(\w+)}", zh[k])) == set(re.findall(r"{(\w+)}", en[k])), k
    units = {k.rsplit(".", 1)[0] for k in zh if k.startswith("count.")}
    assert units and all(f"{u}.one" in zh and f"{u}.other" in zh for u in units)


def test_english_counts_are_singular_for_one(app):
    from wonderland_games.games.oz.narrate import Narrator, counted
    from wonderland_games.games.oz.spells import load_spells

    app.i18n.set_language("en")
    # the action die's points are "steps", the score "points": "East with 4 points" beside "3 points − 1
    # card" read as one thing (newcomer check)
    assert [counted(app, "points", n) for n in (0, 1, 2)] == ["0 steps", "1 step", "2 steps"]
    assert counted(app, "score", 1) == "1 point" and app.t("oz.log.adjust", name="Ann", a=4, b=5) == \
        "Ann uses the Wizard card: steps 4 → 5."
    assert counted(app, "steps", 1) == "1 step" and counted(app, "cards", 1) == "1 card"
    narrator = Narrator(app, [Seat("Ann"), Seat("Bo")], load_spells())
    assert narrator.line({"type": "draw", "seat": 0, "cards": [5]})[0] == "Ann draws 1 magic card."
    assert narrator.line({"type": "draw", "seat": 0, "cards": [5, 6]})[0] == "Ann draws 2 magic cards."
    assert narrator.line({"type": "phase_start", "seat": 1, "dir": "E", "points": 1})[0] == \
        "Bo sets off east with 1 step."
    app.i18n.set_language("zh")
    assert narrator.line({"type": "phase_start", "seat": 1, "dir": "E", "points": 1})[0] == "Bo 开始行动：朝东，1 点。"


def test_walk_status_and_preview_read_naturally_in_english(app, monkeypatch):
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    app.i18n.set_language("en")
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    play_until(app, scene, lambda: scene.my_turn() and session.state.phase == rules.ACTION, random.Random(2))
    session.state.points = 1  # a one-point phase, as in a roll of 1
    scene._frame = None
    app.step(1 / 60)
    assert any(t.endswith(" with 1 step") for t in drawn), [t for t in drawn if "with" in t]
    walk = scene._hint_lines()[0][0]
    assert walk.startswith("1 step – "), walk
    assert not [t for t in drawn + [walk] if re.search(r"\b1 (points|steps|cards)\b", t)]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_hovering_a_card_shows_its_whole_text(app, size):
    """A strip may cut a long text short; the mouse on it shows the card large, text whole."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    session, scene = start(app, [Seat("Ann")] + [Seat(f"Bot{i}", "bot", "easy") for i in range(3)], seed=5)
    assert session.state.wizard_holder == 0 and scene.layout.size == size
    slots = dict(scene.hand_slots())
    assert 0 in slots and 0 not in dict(scene.hand_rects()), "the Wizard card shows but is not clickable"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=slots[0].center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    card, box = scene.detail_rect()
    lay = scene.layout
    assert card == 0 and pygame.Rect((0, 0), size).contains(box) and not box.colliderect(lay.hand)
    assert not box.colliderect(lay.board_box), "the board stays in sight: a spell's target may be chosen there"
    assert not box.colliderect(lay.controls), "the dice and the Go button stay in sight (QA: it hid the dice)"
    img = scene._details[(card, app.lang, box.width)]
    font = app.fonts.get(px(17, lay.s), False)
    text = app.i18n.pick(session.state.cards[0].text)
    assert font.get_height() >= 13 and len(tx.wrap(font, text, box.width - 2 * px(16, lay.s))) * font.get_linesize() \
        < img.get_height(), "the whole text fits the detail at a readable size"
    assert app.screen.get_at(box.center)[:3] != scene._frame.get_at(box.center)[:3], "the detail is drawn"
    from wonderland_games.scenes.curtain import CurtainScene

    app.push(CurtainScene(app, "Bob", lambda: None))
    assert scene.detail_rect() is None, "the curtain down, the card goes"
    app.pop()
    assert scene.detail_rect() is None, "nor does it come back when the curtain lifts: the mouse moved unseen"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=lay.board.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.detail_rect() is None


def test_a_finished_game_opened_again_does_not_count_in_the_statistics(app, tmp_path, monkeypatch):
    from wonderland_games.core.stats import load_stats
    from wonderland_games.games.oz.bots import make_bot

    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path))
    session = Session.new("oz", [Seat("B1", "bot", "normal"), Seat("B2", "bot", "normal")], seed=5, autosave=False)
    bot, rng = make_bot("normal"), random.Random(5)
    while not session.state.is_over():
        state = session.state
        session.apply(bot.choose(state.view(state.current_player()), state.legal_actions(), rng))
    app.push(OzScene(app, session))  # Continue on a game that already ended
    run_until(app, lambda: isinstance(app.top, OzResultsScene))
    app.step(1 / 60)
    assert "oz" not in load_stats()["games"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_scores_stay_clear_of_the_current_players_trim(app, monkeypatch, size):
    """The score at a row's right end keeps a gap to the gold trim round the current player's row."""
    from wonderland_games.games.oz.panels import draw_players

    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    used = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: used.append((text, real(
        surface, fonts, text, *a, **k))) or used[-1][1])
    s = min(size[0] / 1280, size[1] / 800)
    rect = pygame.Rect(0, 0, px(420, s), px(120, s))
    draw_players(pygame.Surface(rect.size), rect, s, app, scene.art, session.state, 0)
    scores = [box for text, box in used if text == "0"]
    assert len(scores) == 2
    inner_right = rect.right - px(6, s)  # the current row's trim is drawn just outside this
    assert all(box.right <= inner_right - px(4, s) for box in scores), (scores, inner_right)


@pytest.mark.parametrize("size", [(1024, 640), (1260, 740), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_player_row_says_who_plays_it_in_one_form_that_stays(app, monkeypatch, size, lang):
    """With the character in every row or in none, in one size, and the same once dice are taken:
    rows chose on their own, so "Human" stood beside "Tin Man – Bot – Normal" in smaller type,
    and a row's form changed when its player took a die (QA, 1260x740)."""
    from wonderland_games.games.oz.panels import draw_players
    from wonderland_games.ui.seat_words import seat_label

    app.i18n.set_language(lang)
    seats = [Seat("Ann"), Seat("Bot1", "bot", "easy"), Seat("Bot2", "bot", "normal"), Seat("Bob")]
    state = Session.new("oz", seats, seed=5, autosave=False).state
    short = [seat_label(app, seat) for seat in seats]
    full = [f"{app.t('oz.characters.' + c)}{app.t('sep')}{k}" for c, k in zip(state.characters, short)]
    lay = compute(size, 4)
    shown, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, rect, size, *a, **k: shown.append(
        (text, size if app.fonts.get(size).size(text)[0] <= rect.width else "shrunk")) or
        real(surface, fonts, text, rect, size, *a, **k))
    forms, rng = set(), random.Random(1)
    while state.round < 2:  # the setup, a round's draft (dice land in the rows) and its action phases
        shown.clear()
        draw_players(pygame.Surface(size), lay.players, lay.s, app, OzArt(app.font), state, state.current_player())
        subtitles = [(text, size) for text, size in shown if text in short + full]
        sizes = {size for _, size in subtitles}
        assert len(subtitles) == 4 and len(sizes) == 1 and "shrunk" not in sizes, subtitles
        forms.add(tuple(text in full for text, _ in subtitles))
        state.apply(rng.choice(state.legal_actions()))
    assert forms in ({(True,) * 4}, {(False,) * 4}), forms


@pytest.mark.parametrize("lang, compass, page_says", [("en", "↑N", "North is up"), ("zh", "↑北", "上方是北")])
def test_the_board_has_a_compass_and_the_rules_say_north_is_up(app, monkeypatch, lang, compass, page_says):
    from pathlib import Path

    from wonderland_games.ui import text as tx

    app.i18n.set_language(lang)
    seen, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: seen.append(text) or real(font, text, *a, **k))
    session = Session.new("oz", [Seat("Ann"), Seat("Bo", "bot", "easy")], seed=1, autosave=False)
    app.push(OzScene(app, session))
    app.step(1 / 60)
    assert compass in seen
    page = Path(__file__).resolve().parent.parent / "data" / "oz" / f"rules.{lang}.md"
    assert page_says in page.read_text(encoding="utf-8")


def _to_a_guide_choice(app, session, scene):
    """Play Ann's turns until a guide is hers to take. Waits with `run_until`, which rests a frame
    as the real loop does: 5000 frames without rest starved the bot's thread, and in a busy full
    run the bot had not moved by then ("no guide choice came up")."""
    rng = random.Random(3)
    for _ in range(300):
        run_until(app, lambda: session.state.is_over() or (scene.my_turn() and not scene.timeline))
        assert not session.state.is_over(), "the game ended before a guide choice came up"
        legal = session.state.legal_actions()
        if any(a[0] == "guide" for a in legal):
            app.step(1 / 60)  # a frame that shows the guide buttons: pointing comes after seeing
            return
        scene.apply(rng.choice([a for a in legal if a[0] != "step"] or legal))
    raise AssertionError("no guide choice came up")


def test_pointing_at_a_guide_button_previews_its_path_and_says_what_it_does(app, monkeypatch):
    from wonderland_games.games.oz import preview
    from wonderland_games.ui.widgets import draw_tip

    app.i18n.set_language("en")
    session = Session.new("oz", [Seat("Ann"), Seat("Bot", "bot", "normal")], seed=8, autosave=False)
    scene = OzScene(app, session)
    app.push(scene)
    _to_a_guide_choice(app, session, scene)
    plain = [(p.target, p.points_left) for p in scene.path()]
    for d in ("N", "E", "S", "W"):
        button = scene.buttons["guide_" + d]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
        guided = session.state.clone()
        guided.apply(("guide", d))
        assert [(p.target, p.points_left) for p in scene.path()] == \
            [(p.target, p.points_left) for p in preview.walk(guided)], d
        tip = draw_tip(app.screen, button)
        assert tip is not None and app.screen.get_rect().contains(tip)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert [(p.target, p.points_left) for p in scene.path()] == plain  # away from the buttons: the walk as it is


def _point(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def _walk(state):
    from wonderland_games.games.oz import preview

    return [(p.target, p.points_left) for p in preview.walk(state)]


def _after(state, action):
    state = state.clone()
    state.apply(action)
    return state


def _guide_choice_with(app, kinds):
    """Ann at a guide choice, holding the Wizard card and a spell of each of `kinds` (cards from
    the deck swapped into her hand: each card stays in one place)."""
    app.i18n.set_language("en")
    session = Session.new("oz", [Seat("Ann"), Seat("Bot", "bot", "normal")], seed=8, autosave=False)
    scene = OzScene(app, session)
    app.push(scene)
    _to_a_guide_choice(app, session, scene)
    state = session.state
    assert state.wizard_holder == 0 and not state.moved_this_phase
    hand = state.hands[0]
    for i, kind in enumerate(kinds):
        card = next(c for c in state.deck if state.cards[c].kind == kind)
        state.deck[state.deck.index(card)], hand[i] = hand[i], card
    scene.display.hands[0] = hand[:]  # the table shows the hand as dealt
    app.step(1 / 60)
    return session, scene


def test_a_button_knows_the_mouse_is_over_it_after_it_comes_back_under_a_still_mouse(app):
    """A guide button hidden while pointed at (a spell's choices took its place) came back lit,
    with its tooltip and its path, though the mouse had moved away; one that came back under a
    still mouse stayed dark (QA, Oz after a cast)."""
    session, scene = _guide_choice_with(app, ["turn"])
    plain = _walk(session.state)
    guide = scene.buttons["guide_N"]
    guided = _walk(_after(session.state, ("guide", "N")))
    _point(app, guide.rect.center)
    assert guide.hover and [(p.target, p.points_left) for p in scene.path()] == guided
    scene.selected = session.state.hands[0][0]
    scene._offer_choices()  # the spell's direction buttons replace the guide's
    app.step(1 / 60)
    assert not guide.visible
    _point(app, (2, 2))
    scene._clear_selection()  # Back
    app.step(1 / 60)
    assert guide.visible and not guide.hover
    assert [(p.target, p.points_left) for p in scene.path()] == plain
    scene.selected = session.state.hands[0][0]
    scene._offer_choices()
    app.step(1 / 60)
    _point(app, guide.rect.center)  # over where the guide button was: now a spell's choice or nothing
    scene._clear_selection()
    app.step(1 / 60)
    assert guide.hover and [(p.target, p.points_left) for p in scene.path()] == guided


def test_pointing_at_a_wizard_plus_or_minus_previews_its_walk_and_says_what_it_does(app):
    from wonderland_games.ui.widgets import draw_tip

    session, scene = _guide_choice_with(app, [])
    state = session.state
    for name, action in (("plus", rules.ADJUST_UP), ("minus", rules.ADJUST_DOWN)):
        button = scene.buttons[name]
        assert button.visible, name
        _point(app, button.rect.center)
        assert [(p.target, p.points_left) for p in scene.path()] == _walk(_after(state, action)), name
        assert app.t("oz.adjust_tip", n=state.points + action[1]) == button.tip()
        tip = draw_tip(app.screen, button)
        assert tip is not None and app.screen.get_rect().contains(tip)


def test_pointing_at_a_spell_choice_previews_its_walk_unless_dice_decide_it(app):
    """North Star's direction buttons show the walk each would give, as the guide's arrows do; a
    reroll's Cast button keeps the walk as it is (showing one would make up the roll)."""
    session, scene = _guide_choice_with(app, ["turn", "reroll"])
    state = session.state
    plain = _walk(state)
    turn, reroll = state.hands[0][:2]
    scene.selected = turn
    scene._offer_choices()
    app.step(1 / 60)
    shown = [(b, v) for b, v in scene.options if v is not None]
    assert len(shown) == 3
    changed = 0
    for button, value in shown:
        _point(app, button.rect.center)
        walk = _walk(_after(state, ("cast", turn, *value)))
        assert [(p.target, p.points_left) for p in scene.path()] == walk, value
        changed += walk != plain
    assert changed
    scene._clear_selection()
    scene.selected = reroll
    scene._offer_choices()
    app.step(1 / 60)
    (cast, _), = [(b, v) for b, v in scene.options if v is not None]
    _point(app, cast.rect.center)
    assert scene._pointed_action() is None
    assert [(p.target, p.points_left) for p in scene.path()] == plain


def test_a_spell_choice_that_previews_says_so_and_the_guides_own_direction_says_what_it_does(app):
    """North Star's direction buttons had a preview but no tooltip, and the guide button of the
    die's own direction said it "turns" the die there (QA): a choice that previews says so, one
    the dice decide has no such tip, and the guide's own direction says it keeps the way."""
    from wonderland_games.ui.widgets import draw_tip

    session, scene = _guide_choice_with(app, ["turn", "teleport"])
    state = session.state
    turn, teleport = state.hands[0][:2]
    scene.selected = turn
    scene._offer_choices()
    app.step(1 / 60)
    for button, value in scene.options:
        if value is None:
            assert button.tip is None  # Back
            continue
        assert button.tip() == app.t("oz.choice_tip", card=app.i18n.pick(state.cards[turn].name),
                                     choice=app.t(f"oz.dir_arrows.{value[-1]}"))
        _point(app, button.rect.center)
        tip = draw_tip(app.screen, button)
        assert tip is not None and app.screen.get_rect().contains(tip)
    scene._clear_selection()
    scene.selected = teleport
    scene._offer_choices()
    app.step(1 / 60)
    assert all(button.tip is None for button, _ in scene.options)
    scene._clear_selection()
    app.step(1 / 60)
    own = state.taken_dir[0]
    for d in ("N", "E", "S", "W"):
        key = "oz.guide_tip_same" if d == own else "oz.guide_tip"
        assert scene.buttons["guide_" + d].tip() == app.t(key, dir=app.t(f"oz.dir_arrows.{d}"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pointing_at_a_greyed_card_says_why_it_cannot_be_cast(app, lang):
    """Green Spectacles went dark once the wizard was taken and nothing said why (QA)."""
    session, scene = _guide_choice_with(app, ["move_wizard", "boost"])
    app.i18n.set_language(lang)
    state = session.state
    spectacles, boost = state.hands[0][:2]
    state.wizard = scene.display.wizard = None  # taken by a player this round
    app.step(1 / 60)
    rects = dict(scene.hand_rects())
    _point(app, rects[boost].center)
    assert not any(app.t("oz.why_not.boost", card=app.i18n.pick(state.cards[boost].name)) == text
                   for text, *_ in scene._hint_lines())  # castable: no reason
    _point(app, rects[spectacles].center)
    why = app.t("oz.why_not.move_wizard", card=app.i18n.pick(state.cards[spectacles].name))
    assert scene._hint_lines()[0][0] == why


def test_the_narrow_controls_say_the_whole_guide_sentence(app):
    app.i18n.set_language("en")
    session = Session.new("oz", [Seat("Ann"), Seat("Bot", "bot", "normal")], seed=8, autosave=False)
    scene = OzScene(app, session)
    app.push(scene)
    _to_a_guide_choice(app, session, scene)
    assert not scene.layout.wide  # 1280x800
    texts = [text for text, *_ in scene._hint_lines()]
    assert app.t("oz.hint.guide_line") in texts and app.t("oz.hint.guide") not in texts


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("count", [4, 5, 6])
def test_every_spell_strip_shows_its_name_at_full_size_and_its_text_whole(app, monkeypatch, size, lang, count):
    """In a hand of strips, each card's name (bold, full size) and its whole text at 12 px or
    more, or, where a strip has room for one line only (five or more cards at 1024x640 ended
    most texts in "…", QA), its whole one-line form; every text ends as a sentence does (the
    Wizard card's note had no full stop, QA 1280x800)."""
    from wonderland_games.games.oz.art import OzArt
    from wonderland_games.games.oz.panels import MIN_TEXT, STRIP_NAME, draw_card, is_strip, strip_brief, strip_text

    art = OzArt(app.font)
    app.i18n.set_language(lang)
    lay = compute(size, 4)
    strip = lay.hand_slots(count)[0]
    assert is_strip(strip)
    cards = Session.new("oz", [Seat("A"), Seat("B")], seed=1, autosave=False).state.cards
    full = app.fonts.get(px(STRIP_NAME, lay.s), True)
    smallest = app.fonts.get(MIN_TEXT, False).get_height()
    seen, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: seen.append((font, text)) or real(font, text, *a, **k))
    briefs = 0
    for card in [cards[i] for i in cards.spell_ids] + [cards.wizard]:
        seen.clear()
        draw_card(pygame.Surface(size), strip, lay.s, app, art, card)
        name, text, brief = app.i18n.pick(card.name), strip_text(app, card), strip_brief(app, card)
        assert seen[0] == (full, name), (name, seen[0][1])
        body = seen[1:]
        shown = "".join(t for _, t in body).replace(" ", "")
        assert shown in {text.replace(" ", ""), brief.replace(" ", "")}, (name, [t for _, t in body])
        briefs += shown != text.replace(" ", "")
        assert all(f.get_height() >= smallest for f, _ in body), name
        for words in (text, brief):
            assert words.endswith("。" if lang == "zh" else "."), words
    assert briefs == 0 or count > 4, "a strip with room for two lines shows the whole text"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_edge_crossing_marks_never_cover_a_coordinate_label(size):
    """Nor are they cut: east and south have no gutter, and the board's repaint region (its box,
    clipped) cut the right half off the east edge's −1 and ? (QA, 1024x640)."""
    from types import SimpleNamespace

    from wonderland_games.games.oz.board_view import LABEL_OFFSET, crossing_marks

    lay = compute(size, 4)
    b, c, s = lay.board, lay.cell, lay.s
    labels = []
    for i in range(6):
        for centre in ((b.left + i * c + c // 2, b.top - px(LABEL_OFFSET, s)),
                       (b.left - px(LABEL_OFFSET, s), b.top + i * c + c // 2)):
            tab = pygame.Rect(0, 0, px(20, s), px(20, s))
            tab.center = centre
            labels.append(tab)
    window = pygame.Rect((0, 0), size)
    crossings = [((x, 0), "N") for x in range(6)] + [((0, y), "W") for y in range(6)] + \
        [((5, y), "E") for y in range(6)] + [((x, 5), "S") for x in range(6)]
    for start, direction in crossings:
        marks = crossing_marks(lay, SimpleNamespace(start=start, direction=direction, edge=True, barrier=False))
        rects = list(marks.values())
        assert set(marks) == {"badge", "arrow", "unknown"}
        for rect in rects:
            assert window.contains(rect), (start, direction, rect)
            assert lay.regions()["board"].contains(rect), (start, direction, rect)
            assert rect.collidelist(labels) == -1, (start, direction, rect)
        assert all(not a.colliderect(o) for i, a in enumerate(rects) for o in rects[i + 1:]), (start, direction)


@pytest.mark.parametrize("limit", [0, 1])
def test_the_cast_hint_says_the_spell_rule_this_game_plays_by(app, limit):
    """The one-spell limit was dropped; a game saved under it keeps it, and its hint must not
    promise several spells a phase."""
    from wonderland_games.core.game import Seat
    from wonderland_games.core.session import Session
    from wonderland_games.games.oz.scene import OzScene

    session = Session.new("oz", [Seat("Ann"), Seat("Bob", "bot", "normal")], seed=3, autosave=False,
                          options={"spell_limit": limit})
    scene = OzScene(app, session)
    app.push(scene)
    state = session.state
    rng = random.Random(2)
    while state.current_player() != 0 or not any(a[0] == "cast" for a in state.legal_actions()):
        session.apply(rng.choice(state.legal_actions()))
        assert not state.is_over()
    app.step(1 / 60)
    key = "oz.hint.pick_spell_one" if limit else "oz.hint.pick_spell"
    assert app.t(key) in [text for text, *_ in scene._hint_lines()]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_hovered_first_card_leaves_the_hand_title_whole(app, lang):
    """The glow round a hovered (or picked) first strip reached up into "My magic cards" and cut
    off its descenders (QA, 1280x800): the title is drawn over it, every pixel of its letters stays."""
    from wonderland_games.games.oz.panels import draw_hand
    from wonderland_games.ui import theme

    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")])
    lay, d = scene.layout, scene.display
    seat, cards, title = scene._hand_owner()
    first = next(c for c, _ in scene.hand_slots() if c != 0)
    head = pygame.Rect(lay.hand.left, lay.hand.top, lay.hand.width, scene.hand_slots()[0][1].top - lay.hand.top)

    def letters(hover, picked, near):
        surf = pygame.Surface(lay.size)
        draw_hand(surf, lay.hand, lay.s, app, scene.art, d, lay, seat, cards, title, picked, None, hover)
        return {(x, y) for x in range(head.left, head.right) for y in range(head.top, head.bottom)
                if sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], theme.PLUM)) < near}

    plain = letters(None, None, 30)  # the letters' solid pixels (their soft edges blend with what lies under)
    assert plain, "the title is drawn"
    assert plain <= letters(first, None, 150) and plain <= letters(None, first, 150), "no letter pixel is covered"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_barrier_badge_is_never_hidden_by_the_token_or_the_stop_outline(app, size):
    """A barrier's −1 sits on the line between the token's cell and the next: the token and the
    stop outline were drawn over it and only a sliver of red showed (QA, 1280x800)."""
    from wonderland_games.games.oz.board_view import COST, crossing_marks
    from wonderland_games.games.oz.preview import PathStep
    from wonderland_games.ui import theme

    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    session, scene = start(app, [Seat("Ann"), Seat("Bob")])
    lay, d = scene.layout, scene.display
    x, y = d.tokens[0]
    direction, target = ("E", (x + 1, y)) if x < 5 else ("W", (x - 1, y))
    step = PathStep(start=(x, y), target=target, direction=direction, barrier=True, edge=False, cost=2, stop=True,
                    points_left=0)
    d.phase, d.acting = rules.ACTION, 0  # the acting token is drawn lit, its glow the widest
    frame = pygame.Surface(lay.size)
    scene._paint_board(frozenset(), [step], (), frame)
    badge = crossing_marks(lay, step)["badge"]
    y = badge.top + px(3, lay.s)  # above the "−1"
    for x in (badge.left + px(5, lay.s), badge.centerx - px(3, lay.s), badge.centerx + px(3, lay.s),
              badge.right - px(5, lay.s)):
        assert tuple(frame.get_at((x, y))[:3]) in (COST, theme.WHITE), ((x, y), frame.get_at((x, y)))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_shared_cells_pieces_never_cover_its_path_badges(app, size):
    """A cell with a gem, a book and the wizard: its points left and its gain pills lie inside it,
    side by side, and are painted over the pieces (stacked pills climbed over them, and a piece
    in the top-left slot hid the points left, QA)."""
    from wonderland_games.games.oz.preview import PathStep
    from wonderland_games.ui import theme

    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    session, scene = start(app, [Seat("Ann"), Seat("Bob")])
    lay, d = scene.layout, scene.display
    cell = rules.BOOKS[0]
    start_cell = (cell[0] + 1, cell[1])
    d.tokens = [start_cell, (5, 5)]
    d.wizard, d.gems = cell, {"red": cell, "yellow": cell}
    step = PathStep(start=start_cell, target=cell, direction="W", barrier=False, edge=False, cost=1, stop=True,
                    points_left=0, gems=[("red", 2), ("yellow", 1)], book=2, wizard=1)
    pills = scene.board_view.gain_pills(lay, step)
    box = lay.cell_rect(*cell)
    assert len(pills) == 2 and all(box.contains(p) for p, *_ in pills)
    assert not pills[0][0].colliderect(pills[1][0])
    frame = pygame.Surface(lay.size)
    scene._paint_board(frozenset(), [step], (), frame)
    for pill, _, colour, _ in pills:
        assert tuple(frame.get_at((pill.left + px(3, lay.s), pill.centery))[:3]) == colour
    tag = (box.left + px(3, lay.s) + px(11, lay.s), box.top + px(3, lay.s) + px(2, lay.s))  # the points-left ring's top
    assert tuple(frame.get_at(tag)[:3]) in ((255, 176, 60), theme.GOLD_DARK)


def test_a_token_on_a_magic_book_keeps_its_full_size(app):
    """The book goes small into the cell's top-right corner, behind, clear of the points-left tag
    (top-left) and the gain pills (bottom-right): a token on a book shrank to a quarter of the
    cell beside it and was easy to miss (QA)."""
    session, scene = start(app, [Seat("Ann"), Seat("Bob")])
    lay, view, d = scene.layout, scene.board_view, scene.display
    free = [b for b in rules.BOOKS if b not in d.tokens and b not in d.gems.values() and b != d.wizard]
    book, alone = free[:2]
    d.tokens[0] = book
    assert view.piece_rect(lay, d, "token", 0) == view.piece_rects(lay, book, 1)[0]
    cell, corner = lay.cell_rect(*book), view.book_rect(lay, book, True)
    assert cell.contains(corner) and corner.top - cell.top < px(4, lay.s) and cell.right - corner.right < px(4, lay.s)
    assert corner.left > cell.centerx - px(10, lay.s) and corner.bottom < cell.centery
    assert view.book_rect(lay, alone, False) == view.piece_rects(lay, alone, 1)[0]


@pytest.mark.parametrize("kind", ["wizard_move", "gem", "teleport"])
def test_a_piece_moving_along_the_top_row_stays_below_the_letters(app, kind):
    """Its arc is lowered to the room above it: a wizard moved in row 1 sat on the "F" (QA)."""
    session, scene = start(app, [Seat("Ann"), Seat("Bob")])
    lay = scene.layout
    scene.display.wizard, scene.display.gems["red"], scene.display.tokens[0] = (0, 0), (1, 0), (2, 0)
    event = {"wizard_move": {"type": "wizard_move", "seat": 0, "to": (5, 0)},
             "gem": {"type": "gem", "seat": 1, "colour": "red", "points": 1, "to": (5, 0)},
             "teleport": {"type": "teleport", "seat": 0, "to": (5, 0), "why": "edge"}}[kind]
    beat = scene.motion_beats(event)[0]
    assert beat.arc > 0 and beat.sprite is not None
    ends = [scene.target_rect(p).centery for p in (beat.path[0], beat.path[-1])]
    top = min(ends) - beat.arc - beat.sprite.get_height() / 2
    assert lay.board.top <= top


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_barrier_made_free_by_a_spell_is_said_and_drawn_free(app, lang):
    """Under Lifting Mist a barrier costs nothing extra: the log said "crosses a barrier (−1)"
    and the preview put "barrier −1" and a −1 badge on it, though no point went (QA)."""
    from test_oz_rules import board_with, in_phase
    from wonderland_games.games.oz import preview
    from wonderland_games.games.oz.board_view import crossing_marks
    from wonderland_games.games.oz.narrate import Narrator

    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bob")])
    lay = scene.layout
    walled = in_phase(d="E", at="C3", points=4, board=board_with("C3E"))
    narrator = Narrator(app, walled.seats, walled.cards)
    for through, cost_said in ((False, True), (True, False)):
        state = walled.clone()
        state.through = through
        (first, *_) = preview.walk(state)
        assert first.barrier and ("badge" in crossing_marks(lay, first)) is cost_said
        assert (app.t("oz.path.barrier") in scene._path_line(first)) is cost_said
        event = state.apply(("step",))[0]
        text, _ = narrator.line(event)
        assert ("−1" in text) is cost_said, text


def test_spell_without_choices_asks_for_none(app):
    """A card that needs no choice (Light Step: +1 point) is cast with one button: the panel names the
    card only, it does not ask to "Pick a direction" (QA: it did, with no direction to pick)."""
    session, scene = start(app, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=12)
    rng = random.Random(5)
    end = time.monotonic() + 120
    while True:
        assert time.monotonic() < end, "no card without choices came to hand"
        if not scene.my_turn():
            app.step(1 / 60)
            continue
        plain = [c for c, params in scene._castable().items() if params == [()]]
        if session.state.phase == rules.ACTION and plain:
            break
        act_by_clicking(app, scene, rng, cast_chance=0)
    card = plain[0]
    click(app, dict(scene.hand_rects())[card].center)
    assert scene.selected == card
    name = re.escape(app.t("oz.hint.choose", card="X")).replace("X", ".+")
    assert re.fullmatch(name, scene._choice_title())
    assert app.t("oz.hint.choose_dir") not in scene._choice_title()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_round_discard_says_how_many_cards_are_still_to_go(app, lang):
    """With 6 spells at round end a player discards 3, one at a time: the top line said "discard
    one" all along. The Wizard card's two texts say it is outside the hand limit: the short one
    said "not in your hand", though it is shown there (QA, 1024x640)."""
    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bo", "bot", "easy")])
    state = session.state
    state.phase, state.queue = rules.ROUND_DISCARD, [0]
    state.hands[0] = list(state.cards.spell_ids[:6])
    for left in (3, 2, 1):
        assert scene._status().endswith(app.t("oz.status.round_discard", name="Ann", n=left)), scene._status()
        scene.apply(("discard", state.hands[0][0]))
        app.step(1 / 60)
    assert state.phase != rules.ROUND_DISCARD or state.queue != [0]
    limit = "手牌上限" if lang == "zh" else "hand limit"
    assert limit in app.t("oz.wizard_card_note") and limit in app.t("oz.wizard_card_brief")
