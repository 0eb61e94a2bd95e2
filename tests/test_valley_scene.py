"""The Wonderland Valley table driven with real pygame events (headless, see conftest.py)."""

import random
import time

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.saves import load_session, slots_dir
from wonderland_games.core.session import Session
from wonderland_games.games.valley import preview
from wonderland_games.games.valley.board_view import board_spots, event_tiles
from wonderland_games.games.valley.layout import compute
from wonderland_games.games.valley.narrate import season_in_text
from wonderland_games.games.valley.scene import OPTION_BUTTONS, ValleyScene
from wonderland_games.games.valley.state import FINAL, PREPARE
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.scenes.results import ResultsScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.dialogs import ConfirmDialog
from wonderland_games.ui.testing import click, key, monkey, run_until


@pytest.fixture
def app(table_app):
    return table_app


def start(app, seats, seed=11, options=None):
    session = Session.new("valley", seats, seed=seed, options=options, autosave=False)
    scene = ValleyScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    app.step(1 / 60)
    return session, scene


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, pos)), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def spot_key(where: tuple) -> str:
    return where[0] if len(where) == 1 else f"{where[0]}/{where[1]}"


def option_buttons(scene) -> list:
    return [scene.buttons[f"opt{i}"] for i in range(OPTION_BUTTONS) if scene.buttons[f"opt{i}"].visible]


def decide_by_clicking(app, scene, rng) -> None:
    """The engine's pending decision, made in the choice panel and the hand."""
    item = scene.session.state.decision()
    marking = scene._marking()
    if marking is not None:
        if item[0] == "trade" and rng.random() < 0.4:
            click(app, scene.buttons["choice_done"].rect.center)
            return
        rects = scene.hand_rects()
        count = rng.randrange(len(rects) + 1) if marking == "any" else marking
        for index, rect in rng.sample(rects, count):
            click(app, rect.center)
        assert len(scene.marked) == count
        click(app, scene.buttons["choice_confirm"].rect.center)
        return
    buttons = option_buttons(scene)
    if scene.buttons["choice_done"].visible and (not buttons or rng.random() < 0.3):
        click(app, scene.buttons["choice_done"].rect.center)
    else:
        pick_option(app, scene, rng.choice(buttons), rng)


def pick_option(app, scene, button, rng) -> None:
    """Pick an option in the choice panel, then confirm it (the panel's Confirm, or the option again)."""
    before = len(scene.session.actions)
    click(app, button.rect.center)
    assert len(scene.session.actions) == before and button.style == "primary", "the first click only picks"
    click(app, rng.choice((button, scene.buttons["choice_confirm"])).rect.center)


def act_by_clicking(app, scene, rng) -> None:
    """One action of the looking player, made the way a person would: spots, cards, buttons, keys."""
    session = scene.session
    state = session.state
    before = len(session.actions)
    legal = state.legal_actions()
    if state.decision() is not None:
        decide_by_clicking(app, scene, rng)
    else:
        plays = [a for a in legal if a[0] == "play"]
        places = [a for a in legal if a[0] == "place"]
        roll = rng.random()
        if plays and roll < 0.5:
            kind_id = rng.choice(plays)[1]
            index = state.hands[scene.viewer].index(kind_id)
            rect = dict(scene.hand_rects())[index]
            click(app, rect.center)
            assert len(session.actions) == before, "the first click only picks the card"
            if len(scene.card_ways(index)) > 1:
                pick_option(app, scene, rng.choice(option_buttons(scene)), rng)
            else:
                click(app, rect.center) if rng.random() < 0.5 else key(app, pygame.K_RETURN)
        elif places and roll < 0.9:
            where = tuple(rng.choice(places)[1:])
            rect = scene.spot_rect(spot_key(where))
            click(app, rect.center)
            assert len(session.actions) == before and scene.selected == ("spot", where)
            click(app, rng.choice((rect.center, scene.buttons["confirm"].rect.center)))
        else:
            click(app, scene.buttons["prepare"].rect.center)
            assert len(session.actions) == before and scene.selected == ("prepare", None), "Prepare only picks"
            click(app, rng.choice((scene.buttons["prepare"], scene.buttons["confirm"])).rect.center)
            if isinstance(app.top, ConfirmDialog):  # workers unplaced, or the last season: it asks
                click(app, app.top.buttons[0].rect.center)
    assert len(session.actions) > before, f"a click did nothing at {state.decision() or 'the turn'}"


def test_human_plays_a_whole_game_against_a_bot_by_clicking(app):
    session, scene = start(app, [Seat("爱丽丝"), Seat("Bot", BOT, "random")], seed=5)
    rng = random.Random(3)
    end = time.monotonic() + 240
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < end
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)
    assert session.state.is_over()
    kinds = {a[0] for a, actor in zip(session.actions, session.actors) if actor == 0}
    assert {"mulligan", "place", "play", "prepare"} <= kinds
    app.step(1 / 60)  # the results screen draws


def test_the_mulligan_puts_back_the_picked_cards_and_keeps_none(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bob")], seed=2)
    run_until(app, lambda: isinstance(app.top, CurtainScene))
    key(app, pygame.K_RETURN)
    app.step(1 / 60)
    assert scene.my_turn() and session.state.decision()[0] == "mulligan"
    assert scene.buttons["choice_confirm"].visible and scene.buttons["choice_confirm"].enabled
    assert not scene.buttons["prepare"].visible, "no Prepare while a choice is open (a screenshot lesson)"
    assert scene.buttons["confirm"].enabled, "the panel's Confirm works from the controls too"
    hand = list(session.state.hands[scene.viewer])
    rects = scene.hand_rects()
    click(app, rects[1][1].center)
    click(app, rects[3][1].center)
    click(app, rects[3][1].center)  # a second click drops it again
    assert scene.marked == [1]
    click(app, scene.buttons["choice_confirm"].rect.center)
    assert session.actions[-1] == ("mulligan", hand[1])


def test_every_spot_previews_its_yield_or_says_why_not(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random")], seed=4)
    rng = random.Random(1)
    run_until(app, lambda: scene.my_turn() and session.state.decision() is None or act(app, scene, rng))
    state = session.state
    legal = state.legal_actions()
    for where, rect in [(w, scene.spot_rect(spot_key(w))) for w in [tuple(a[1:]) for a in legal if a[0] == "place"]]:
        hover(app, rect.center)
        lines = [line for line in scene._controls_lines() if line[0] == "icons"]
        result = preview.outcome(state, scene.viewer, ("place",) + where)
        assert lines or result.choice, f"{where}: no yield shown"
    # an exclusive location taken by the bot says who holds it
    taken = {spot for spot in state.placed[1]}
    for loc in state.valley.locations.values():
        if loc.exclusive and loc.id in taken:
            hover(app, scene.spot_rect(loc.id).center)
            assert any("Bot" in str(line[0]) for line in scene._controls_lines())


def act(app, scene, rng) -> bool:
    """Make one of the looking player's decisions by clicks when it is a decision (helper for run_until)."""
    if scene.my_turn() and scene.session.state.decision() is not None:
        decide_by_clicking(app, scene, rng)
    return False


def test_a_card_too_dear_says_what_it_costs_and_a_spot_with_no_worker_says_so(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random")], seed=6)
    rng = random.Random(2)
    run_until(app, lambda: scene.my_turn() and session.state.decision() is None or act(app, scene, rng))
    state = session.state
    seat = scene.viewer
    dear = [i for i, k in enumerate(state.hands[seat]) if not state.plays_of(seat, k)]
    assert dear, "a starting position has a card it cannot afford"
    hover(app, dict(scene.hand_rects())[dear[0]].center)
    text = " ".join(str(line[0]) for line in scene._controls_lines())
    cost = preview.cheapest(state, seat, state.hands[seat][dear[0]])
    assert scene._why_text(("cost", {"cost": cost})) in text
    # and with every worker out, a spot says so
    state.placed[seat] = ["story_stump"] * state.workers[seat]
    scene.version += 1
    hover(app, scene.spot_rect("story_stump").center)
    assert scene._why_text(("no_worker", {})) in " ".join(str(line[0]) for line in scene._controls_lines())


def test_hovering_a_card_shows_its_full_text_large_enough_to_read(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random")], seed=3)
    rng = random.Random(3)
    run_until(app, lambda: scene.my_turn() and session.state.decision() is None or act(app, scene, rng))
    index, rect = scene.hand_rects()[0]
    kind = session.state.cards.kinds[session.state.hands[scene.viewer][index]]
    drawn = []
    real = tx.render
    import wonderland_games.games.valley.panels as panels
    panels.tx.render = lambda font, text, *a, **k: drawn.append((text, font.get_height())) or real(font, text, *a, **k)
    try:
        scene._tips.clear()
        hover(app, rect.center)
    finally:
        panels.tx.render = real
    text = " ".join(t for t, _ in drawn)
    assert app.i18n.pick(kind.name) in text
    assert all(h >= 16 for _, h in drawn), "tooltip text is readable"
    assert app.i18n.pick(kind.text)[:6] in text
    # the keyboard focus shows it too
    hover(app, (2, 2))
    key(app, pygame.K_TAB)
    assert scene._focused() == ("hand", 0) and scene._tip_lines(("hand", 0))


def test_curtain_between_two_humans_hides_the_hand(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bob")], seed=8)
    run_until(app, lambda: isinstance(app.top, CurtainScene))
    assert scene.viewer is None and scene.hand_rects() == [], "no hand shows before the curtain lifts"
    key(app, pygame.K_RETURN)
    first = scene.viewer
    assert first == session.state.current_player() and scene.hand_rects()
    click(app, scene.buttons["choice_confirm"].rect.center)  # keep the hand
    run_until(app, lambda: scene.done_button.visible)
    assert app.top is scene and scene.viewer == first, "the mover's view stays until Done"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene) and app.top.name != session.seats[first].name
    key(app, pygame.K_RETURN)
    assert scene.viewer != first and scene.hand_owner()[1] == session.state.hands[scene.viewer]


def test_no_curtain_with_one_human(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random"), Seat("Bot 2", BOT, "random")])
    rng = random.Random(4)
    for _ in range(200):
        assert not any(isinstance(s, CurtainScene) for s in app.stack)
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)


def test_prepare_says_the_season_it_enters(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random")], seed=3, options={"starting_hand": 4})
    rng = random.Random(3)
    run_until(app, lambda: scene.my_turn() and session.state.decision() is None or act(app, scene, rng))
    label = scene.buttons["prepare"].text()
    assert app.i18n.pick(session.state.valley.seasons[1].name) in label
    assert app.t("valley.table.gives_worker", n=1) in label and app.t("valley.table.gives_production") in label
    click(app, scene.buttons["prepare"].rect.center)
    click(app, scene.buttons["confirm"].rect.center)
    click(app, app.top.buttons[0].rect.center)  # the workers not yet placed: prepare anyway
    assert session.actions[-1] == PREPARE


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_preparing_for_the_last_season_asks_first_while_more_could_be_done(app, lang):
    """Prepare (or P) for the second winter ends the player's game at once, and solo has no undo."""
    app.i18n.set_language(lang)
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random")], seed=3, options={"starting_hand": 4})
    rng = random.Random(3)
    run_until(app, lambda: scene.my_turn() and session.state.decision() is None or act(app, scene, rng))
    session.state.season[session.state.current_player()] = FINAL - 1
    assert len(scene.legal()) > 1
    before = len(session.actions)
    click(app, scene.buttons["prepare"].rect.center)
    click(app, scene.buttons["confirm"].rect.center)
    assert isinstance(app.top, ConfirmDialog) and len(session.actions) == before
    valley = session.state.valley
    assert season_in_text(app, valley, valley.seasons[FINAL].id) in app.top.message
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and len(session.actions) == before, "Esc keeps playing"
    scene._clear_selection()
    key(app, pygame.K_p)
    assert app.top is scene and scene.selected == ("prepare", None), "the P key picks Prepare"
    key(app, pygame.K_p)
    assert isinstance(app.top, ConfirmDialog), "and a second P asks too"
    click(app, app.top.buttons[0].rect.center)
    assert app.top is scene and session.actions[-1] == PREPARE


def test_save_and_resume_mid_game_from_the_scene(app, user_dirs):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random")], seed=12)
    rng = random.Random(6)
    end = time.monotonic() + 60
    while len(session.actions) < 14:
        assert time.monotonic() < end
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)
    run_until(app, lambda: scene.my_turn())
    click(app, scene.buttons["save"].rect.center)
    assert app.top is not scene
    key(app, pygame.K_RETURN)  # the dialog's suggested name
    key(app, pygame.K_RETURN)  # "saved"
    assert app.top is scene
    saved = list(slots_dir().glob("*.json"))
    assert len(saved) == 1
    loaded = load_session(saved[0])
    assert loaded.state.to_dict() == session.state.to_dict()
    app.stack.clear()
    again = ValleyScene(app, loaded)
    app.push(again)
    app.step(1 / 60)
    assert again.hand_owner()[1] == session.state.hands[0]
    assert again.log.entries == scene.log.entries
    act_by_clicking(app, again, rng)


def test_monkey_clicks_keys_and_resizes_never_crash(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random"), Seat("Bot 2", BOT, "random")], seed=7)
    rng = random.Random(11)

    def keep():
        if app.top is not scene:
            app.stack[:] = [scene]
        if rng.random() < 0.02:
            size = (rng.randrange(1024, 2560), rng.randrange(640, 1440))
            scene.on_resize(size)

    monkey(app, 1500, rng, keep=keep,
           keys=(pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_p,
                 pygame.K_ESCAPE, pygame.K_h))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_layout_fits_the_window_without_overlap(size, players):
    lay = compute(size, players, opponent=players == 1)
    window = pygame.Rect((0, 0), size)
    regions = list(lay.regions().items())
    for name, rect in regions:
        assert window.contains(rect), name
    for i, (a, ra) in enumerate(regions):
        for b, rb in regions[i + 1:]:
            assert not ra.colliderect(rb), (a, b)
    assert all(lay.board.contains(r) for r in lay.location_slots())
    forest, basic, special = lay.lower_slots(4)
    tiles = forest + basic + special
    assert all(lay.board.contains(r) for r in tiles)
    assert not any(a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1:])
    for seat in range(players):
        slots = lay.city_slots(seat)
        assert all(lay.cities.contains(r) for r in slots) and slots[1].left > slots[0].right
        assert slots[0].height <= 1.5 * slots[0].width + 1, "card-shaped in a tall row (a solo screenshot)"
    assert all(lay.hand.contains(r) for r in lay.hand_slots(8))
    for name, rect in lay.actions.items():
        assert lay.controls.contains(rect) and not rect.colliderect(lay.hint), name


def test_solo_shows_the_opponent_its_workers_on_spots_and_its_pile(app):
    session, scene = start(app, [Seat("Ann")], seed=3, options={"opponent": "hard"})
    rng = random.Random(8)
    end = time.monotonic() + 60
    state = session.state
    while not state.opponent.workers:
        assert time.monotonic() < end
        if scene.my_turn():
            act_by_clicking(app, scene, rng)
        app.step(1 / 60)
    run_until(app, lambda: not scene.timeline)
    spot = state.opponent.workers[0]
    from wonderland_games.games.valley.board_view import occupants

    assert -1 in occupants(state, spot)
    assert preview.spot_why_not(state, 0, (spot,)) == ("taken", {"seat": -1})
    hover(app, scene.spot_rect(spot).center)
    name = app.i18n.pick(state.solo.name)
    assert any(name in str(line[0]) for line in scene._controls_lines()), "it says the opponent holds it"
    rows = scene._player_rows()
    assert len(rows) == 2
    hover(app, rows[1].center)
    assert scene.hover == ("seat", -1)
    lines = scene._tip_lines(("seat", -1))
    assert str(state.opponent_score()) in lines[0][0]


def rendered(monkeypatch, module) -> list:
    """Every (text, font) the module renders from now on."""
    drawn = []
    real = module.tx.render
    monkeypatch.setattr(module.tx, "render", lambda font, text, *a, **k: drawn.append((text, font)) or
                        real(font, text, *a, **k))
    return drawn


def whole(name: str, drawn: list) -> bool:
    """The name is among the texts drawn, its lines joined (a word cut at a line's end keeps a hyphen)."""
    squash = "".join(t for t, _ in drawn).replace("-", "").replace(" ", "")
    return name.replace("-", "").replace(" ", "") in squash


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [2, 3])
def test_tile_names_are_whole_legible_and_never_cut_without_a_hyphen(app, size, lang, players, monkeypatch):
    """Screenshots at 1024x640 showed 'Bountiful…', 'Bountifu / l Fields' and event names at 9 px: every
    location, forest card and event name is drawn whole, at 12 px or more at 1024x640 (`legible`)."""
    from wonderland_games.games.valley import board_view
    from wonderland_games.games.valley.names import legible
    from wonderland_games.ui import surfaces

    app.i18n.set_language(lang)
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "random") for i in range(players - 1)]
    session, scene = start(app, seats, seed=5)
    scene.on_resize(size)
    scene._ensure_layout(size)
    state, valley = session.state, session.state.valley
    smallest = app.font(legible(scene.layout.s), True).get_height()
    forest, specials = list(valley.forest), list(valley.special_events)
    n = len(state.forest)
    for k in range(0, max(len(forest), len(specials)), n):  # every forest card and special event in turn
        state.forest = (forest[k:] + forest)[:n]
        state.specials = (specials[k:] + specials)[:4]
        board_view.art._pieces.clear()
        drawn = rendered(monkeypatch, board_view)
        board_view.draw_board(surfaces.new(size), scene.layout, app, state, {}, scene._holders())
        assert not [t for t, _ in drawn if "…" in t]
        things = [valley.locations[p] for p in valley.locations] + [valley.forest[f] for f in state.forest]
        things += [valley.basic_events[e] for e in valley.basic_events] + [valley.special_events[e]
                                                                             for e in state.specials]
        for thing in things:
            assert whole(app.i18n.pick(thing.name), drawn), (app.i18n.pick(thing.name), drawn)
        small = [t for t, font in drawn if font.get_height() < smallest and t not in "?⇄"]  # points too
        assert not small, small


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [1, 2])
def test_city_and_hand_cards_show_whole_names_and_the_count_legibly(app, size, lang, players, monkeypatch):
    """QA at 1024x640: city card names were ellipsized at 10 px and the '0/15' count was 8 px. With one
    or two players every kind's name is whole on its city card and its hand card, at 12 px or more at
    1024x640, and so are its points and the city's count."""
    from wonderland_games.games.valley import city_view
    from wonderland_games.games.valley.effect_line import effect_line
    from wonderland_games.games.valley.names import legible
    from wonderland_games.ui import surfaces

    app.i18n.set_language(lang)
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "random") for i in range(players - 1)]
    session, scene = start(app, seats, seed=5)
    scene.on_resize(size)
    scene._ensure_layout(size)
    lay, state = scene.layout, session.state
    smallest = app.font(legible(lay.s), True).get_height()
    frame = surfaces.new(size)
    city_view.art._pieces.clear()
    for kind in state.cards.kinds.values():
        for rect, cost in ((lay.city_slots(0)[0], False), (lay.hand_slots(8)[0], True)):
            drawn = rendered(monkeypatch, city_view)
            city_view.draw_card(frame, rect, lay.s, app, kind, state.cards.roles[kind.role], cost=cost)
            assert not [t for t, _ in drawn if "…" in t] and whole(app.i18n.pick(kind.name), drawn), drawn
            glyphs = {v for what, v, *_ in effect_line(kind) if what == "t"} | {"?", "⇄"}  # see test_valley_face
            assert all(font.get_height() >= smallest for t, font in drawn if t not in glyphs), (kind.id, rect, drawn)
    state.cities[0] = list(state.cards.kinds)[:9]
    drawn = []
    real = city_view.tx.draw_line
    monkeypatch.setattr(city_view.tx, "draw_line", lambda f, fonts, text, rect, size, *a, **k: drawn.append(
        (text, tx.fit_line(fonts, text, rect.width, rect.height, size)[0])) or real(f, fonts, text, rect, size, *a, **k))
    city_view.draw_city(frame, lay, app, state, 0, {})
    count = next(font for text, font in drawn if text == "9/15")
    assert count.get_height() >= app.font(legible(lay.s)).get_height()


def test_a_play_repaints_only_the_city_it_goes_into(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bot", BOT, "random"), Seat("Bot 2", BOT, "random")], seed=7)
    rng = random.Random(5)
    run_until(app, lambda: scene.my_turn() and session.state.decision() is None or act(app, scene, rng))
    state = session.state
    state.resources[0] = [9, 9, 9, 9]
    scene.version += 1
    kind_id = next(k for k in state.hands[0] if state.plays_of(0, k))
    marks = scene._marks()
    before = [scene._city_key(seat, marks) for seat in range(3)]
    scene.apply(state.plays_of(0, kind_id)[0])
    marks = scene._marks()
    after = [scene._city_key(seat, marks) for seat in range(3)]
    assert before[0] != after[0] and before[2] == after[2], "seat 1 repaints only as the next to act"


def test_valley_strings_have_no_key_twice_and_match_in_both_languages():
    """A key written twice is silently the last one in YAML: an edit once doubled the log's
    'prepare' under the button's text."""
    import yaml

    from wonderland_games.core.paths import data_dir

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        keys = [loader.construct_object(k) for k, _ in node.value]
        assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]
        return loader.construct_mapping(node)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    tree = yaml.load((data_dir() / "valley" / "strings.yaml").read_text(encoding="utf-8"), Loader=Strict)

    def keys(node, prefix=""):
        out = set()
        for k, v in node.items():
            out |= keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {prefix + str(k)}
        return out

    assert keys(tree["zh"]["table"]) == keys(tree["en"]["table"])
    assert keys(tree["zh"]["buttons"]) == keys(tree["en"]["buttons"])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_choice_panel_leaves_the_board_and_the_hand_in_sight(size, players):
    """QA screenshots: the trade and resource panels covered the forest and the events the
    player was choosing for. The panel lies over the cities (over the board for a copy of one
    of the player's own city cards), its buttons inside it."""
    lay = compute(size, players, opponent=players == 1)
    for over, home, kept in (("cities", lay.cities, (lay.board, lay.hand)), ("board", lay.board, (lay.cities,))):
        for n in (0, 2, 6, 10, OPTION_BUTTONS if over == "cities" else 10):  # a city has < 10 production kinds
            panel, title, rects, footer = lay.choice_panel(n, over)
            assert home.contains(panel) and not any(panel.colliderect(r) for r in kept), (over, n)
            buttons = rects + list(footer.values())
            assert all(panel.contains(r) and not r.colliderect(title) for r in buttons), (over, n)
            assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:]), (over, n)
        one = lay.choice_panel(1, over)
        assert one[2][0].width > 2 * one[3]["choice_confirm"].width, "a lone option's label has the whole row"


def started_at(app, seats, until, seed=5):
    """A scene opened on the first state of a seeded random game where `until(state)` holds."""
    session = Session.new("valley", seats, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not until(session.state):
        session.apply(rng.choice(session.state.legal_actions()))
    scene = ValleyScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    return session, scene


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_choice_panel_hides_no_spot_event_nor_hand_card(app, size):
    def choosing(state):
        item = state.decision()
        return item is not None and item[0] != "mulligan" and state.current_player() == 0

    session, scene = started_at(app, [Seat("Ann"), Seat("Bot", BOT, "random")], choosing)
    scene.on_resize(size)
    app.step(1 / 60)
    state = session.state
    panel = scene.choice_rects(scene.choice())[0]
    seen = [r for _, r in board_spots(scene.layout, state)] + [r for _, _, r in event_tiles(scene.layout, state)]
    seen += [r for _, r in scene.hand_rects()]
    assert seen and not any(panel.colliderect(r) for r in seen)


def test_a_name_keeps_one_line_when_a_little_smaller_fits_and_chinese_lines_are_even(app):
    """Screenshots: '冬夜故事 / 会' and '动物合唱 / 团' left one character alone on a line."""
    from wonderland_games.games.valley.names import name_lines

    font = app.font(16, True)
    width = font.size("冬夜故事会")[0] - 4
    shown, lines = name_lines(app.fonts, "冬夜故事会", width, 100, 16, 12)
    assert lines == ["冬夜故事会"] and shown.get_height() < font.get_height()
    _, lines = name_lines(app.fonts, "冬夜故事会", font.size("冬夜故事")[0], 100, 16, 16)
    assert lines == ["冬夜故", "事会"]


def test_the_card_trade_says_what_a_card_buys(app):
    """QA play: the March Hare's panel asked for a card to give and never said for what."""
    app.i18n.set_language("en")
    session, scene = started_at(app, [Seat("Ann"), Seat("Bot", BOT, "random")],
                                lambda s: s.current_player() == 0 and s.decision() is None and s.season[0] == 0)
    state = session.state
    state.hands[0].append("march_hare")
    state.resources[0] = [3, 0, 0, 0]
    scene.apply(("play", "march_hare", 3, 0, 0, 0))
    run_until(app, lambda: scene.my_turn())
    assert state.decision()[0] == "trade"
    assert scene.choice()["title"] == ("March Hare: pick 1 in your hand to give for 1 resource of your choice "
                                       "(3 trades left), or stop.")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("players", [3, 4])
def test_narrow_city_cards_never_split_a_word_without_a_hyphen(app, size, players):
    """A 1024x640 screenshot of four cities showed 'Moonligh / t Theatre' and 'Mushroo / m Patch': on
    the narrow city cards of 3-4 players a name may shrink or cut a word after a hyphen, but a line
    never ends inside a word without one, and nothing is ellipsized."""
    from wonderland_games.games.valley import city_view

    app.i18n.set_language("en")
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "random") for i in range(players - 1)]
    session, scene = start(app, seats, seed=5)
    scene.on_resize(size)
    scene._ensure_layout(size)
    lay = scene.layout
    rect = lay.city_slots(0)[0]
    for kind in session.state.cards.kinds.values():
        name = kind.name["en"]
        _, lines, _, _ = city_view._name_block(rect, lay.s, app, kind, False)
        joined = ""
        for line in lines:
            joined += line if not joined or joined.endswith("-") else " " + line
        assert "…" not in joined and joined.replace("-", "") == name.replace("-", ""), (name, lines)
