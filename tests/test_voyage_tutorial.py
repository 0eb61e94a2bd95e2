"""World Voyage's guided first game: the arranged position, the story its script tells through
the real engine, and the parts its coach points at (docs/tutorials.md)."""

from __future__ import annotations

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.data import load_yaml
from wonderland_games.core.game import BOT, HUMAN, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.scene import VoyageScene
from wonderland_games.games.voyage.tutorial import tutorial_state
from wonderland_games.ui.testing import make_app, step

SCRIPT = load_yaml("voyage/tutorial.yaml")
SEATS = [Seat("You", HUMAN), Seat("Mr Fogg", BOT, "easy")]
BASE = ("button", "region")  # parts the table's base class names


def fresh():
    return tutorial_state(SEATS, SCRIPT["setup"])


def matches(pattern, action) -> bool:
    return len(pattern) <= len(action) and all(p == "*" or p == a for p, a in zip(pattern, action))


def scripted(step_: dict):
    """(seat, pattern) a step waits for, or None for talk."""
    if isinstance(step_.get("do"), list):
        return 0, step_["do"]
    if isinstance(step_.get("bot"), list):
        return 1, step_["bot"]
    return None


def play_script(state, on_step=None) -> list:
    """Every step's action played in order (the first legal match); the events of each."""
    out = []
    for step_ in SCRIPT["steps"]:
        if on_step is not None:
            on_step(step_, state)
        wanted = scripted(step_)
        if wanted is None:
            continue
        seat, pattern = wanted
        assert state.current_player() == seat, step_["id"]
        legal = [a for a in state.legal_actions() if matches(pattern, a)]
        assert legal, f"{step_['id']}: {pattern} is not legal ({state.legal_actions()})"
        out.append((step_["id"], state.apply(legal[0])))
    return out


def test_the_hook_is_registered_and_deterministic():
    hook = registry.get("voyage").tutorial_state
    assert hook is not None
    a, b = hook(SEATS, SCRIPT["setup"]), hook(SEATS, SCRIPT["setup"])
    assert a.to_dict() == b.to_dict()
    assert rules.VoyageState.from_dict(a.to_dict()).to_dict() == a.to_dict()


def test_the_position_is_arranged_as_the_script_needs():
    state = fresh()
    assert (state.round, state.current, state.phase, state.actions_left) == (10, 0, rules.TURN, 2)
    assert state.positions == ["frankfurt", "giza"]
    assert state.display[:3] == [5, 4, 23]  # Tower Bridge, the Acropolis, the Pyramids
    assert {27, 33, 23, 13, 48, 39} <= set(state.hands[0])
    assert ("move", 27, "london") in state.legal_actions()
    assert all(len(h) <= rules.HAND_LIMIT for h in state.hands)
    assert state.souvenirs[0][rules.REGION_INDEX["europe"]] == 0


def test_a_bad_deal_is_refused():
    setup = dict(SCRIPT["setup"], deal=dict(SCRIPT["setup"]["deal"], display=[5, 5, 23, 47, 35]))
    with pytest.raises(ValueError):
        tutorial_state(SEATS, setup)


def test_the_story_the_script_tells_holds_in_the_engine():
    state = fresh()
    events = dict(play_script(state))
    visit = {k: next(e for e in ev if e["type"] == "visit") for k, ev in events.items()
             if any(e["type"] == "visit" for e in ev)}
    assert visit["visit_tower"]["fee"] == 0  # Mr Fogg is in Africa
    assert visit["visit_acropolis"]["fee"] == 1  # he is in Istanbul, Europe: the crowding fee
    assert any(e["type"] == "reward" and e["kind"] == "souvenir" for e in events["visit_acropolis"])
    assert any(e["type"] == "token_spent" for e in events["visit_acropolis"])  # the flyer's extra visit
    assert any(e["type"] == "move" and e["earned"] == 3 for e in events["move_london"])  # the fare
    assert any(e["type"] == "fly" for e in events["fly_athens"])
    assert state.is_over() and state.end_reason == rules.END_ROUNDS and state.round == rules.ROUND_LIMIT
    result = state.result()
    assert result.winners == [0]
    learner = result.breakdown[0]
    assert learner["colour_sets"] == 10 and learner["souvenirs"] == 8 and learner["tokens"] == 1


def test_the_acropolis_is_a_real_choice_and_both_ways_finish():
    """Pay with the red card or with money: the rest of the script plays either way."""
    for paid in ("card", "money"):
        state = fresh()
        for step_ in SCRIPT["steps"]:
            wanted = scripted(step_)
            if step_["id"] == "visit_acropolis":
                wanted = (0, ["visit", 4, paid])
            if wanted is not None:
                state.apply(next(a for a in state.legal_actions() if matches(wanted[1], a)))
        result = state.result()
        assert state.is_over() and result.winners == [0], paid
        parts = result.breakdown[0]  # as the scoring steps say them, whichever way the learner paid
        assert (parts["destinations"], parts["colour_sets"], parts["souvenirs"], parts["tokens"]) == (20, 10, 8, 1)


def test_every_clause_names_a_step_and_every_step_teaching_is_listed():
    ids = {s["id"] for s in SCRIPT["steps"]}
    clauses = SCRIPT["clauses"]
    assert all(c["step"] in ids for c in clauses)
    taught = {c for s in SCRIPT["steps"] for c in s.get("teaches", [])}
    assert taught == {c["id"] for c in clauses}


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("language", ["zh", "en"])
def test_each_pointed_part_is_on_screen_when_its_step_comes(size, language):
    app = make_app(size, language)
    state = fresh()
    session = Session("voyage", SEATS, SCRIPT["setup"]["seed"], {}, autosave=False, initial=state.to_dict())
    scene = VoyageScene(app, session)
    app.push(scene)
    step(app, 2)
    window = pygame.Rect((0, 0), size)
    for step_ in SCRIPT["steps"]:
        for name in step_.get("point", []) + step_.get("show", []):
            kind, _, arg = name.partition(":")
            if kind in BASE:
                continue
            rect = scene._part_rect(kind, arg)
            assert rect is not None, f"{step_['id']}: {name}"
            assert rect.width > 0 and rect.height > 0 and window.contains(rect), (step_["id"], name, rect)
        wanted = scripted(step_)
        if wanted is not None:
            session.apply(next(a for a in session.state.legal_actions() if matches(wanted[1], a)))
            step(app, 2)


def lesson_table(size, language):
    """The lesson's arranged table drawn in a window of `size`: (app, scene)."""
    app = make_app(size, language)
    scene = VoyageScene(app, Session("voyage", SEATS, 1, {}, autosave=False, initial=fresh().to_dict()))
    app.push(scene)
    step(app, 2)
    return app, scene


def test_unknown_parts_are_none():
    app, scene = lesson_table((1280, 800), "en")
    for kind, arg in (("card", "99"), ("city", "atlantis"), ("dest", "48"), ("market", "mars"), ("row", "7"),
                      ("money", "x"), ("visited", "0:purple"), ("souvenirs", "0:mars"), ("visit", "one"), ("nothing", "0"),
                      ("fare", "99"), ("fare", "23"), ("flag", "48"), ("star", "mars"), ("edge", "north")):
        assert scene._part_rect(kind, arg) is None, (kind, arg)


def test_the_payment_choice_rings_both_visit_buttons():
    app, scene = lesson_table((1024, 640), "zh")
    both = scene._part_rect("visit", "both")
    assert both.contains(scene.buttons["visit_card"].rect) and both.contains(scene.buttons["visit_money"].rect)


def test_a_lesson_saved_half_way_loads_where_it_was():
    """The arranged position is the save's starting position: the moves replay from it."""
    from wonderland_games.core import tutorial

    session = tutorial.start("voyage", "en", "You", autosave=False)
    half = next(i for i, s in enumerate(SCRIPT["steps"]) if s["id"] == "buy")
    for step_ in SCRIPT["steps"][:half]:
        wanted = scripted(step_)
        if wanted is not None:
            session.apply(next(a for a in session.state.legal_actions() if matches(wanted[1], a)))
    session.tutorial = {"step": half, "then": False}
    loaded = Session.from_save(session.to_save(), autosave=False)
    assert loaded.state.to_dict() == session.state.to_dict() and loaded.tutorial == session.tutorial
    assert loaded.state.round == 11 and loaded.state.positions[1] == "istanbul"


def test_the_talked_of_parts_are_where_they_are_drawn():
    """The fare coin on a hand card, a displayed destination's flag, a start's star and the map's
    edges: rung where the learner sees them (the fare was once told wrong and never pointed at)."""
    app, scene = lesson_table((1280, 800), "en")
    card = dict(scene.hand_rects())[27]
    coin = scene._part_rect("fare", "27")
    assert card.contains(coin) and coin.centerx > card.centerx and coin.centery < card.centery
    assert app.screen.get_at(coin.center)[:3] != app.screen.get_at(card.center)[:3]
    lay = scene.layout
    flag = scene._part_rect("flag", "5")
    london = scene.city_rect("london")
    assert lay.map.contains(flag) and flag.bottom <= london.centery + london.height and flag.left >= london.left
    assert scene._part_rect("star", "europe").center == scene.city_rect("frankfurt").center
    west, east = scene._part_rect("edge", "west"), scene._part_rect("edge", "east")
    assert west.left == lay.map.left and east.right == lay.map.right and west.height == lay.map.height


def test_while_a_card_is_picked_the_coach_keeps_off_the_cities_it_reaches():
    from wonderland_games.ui.testing import click

    app, scene = lesson_table((1280, 800), "zh")
    assert scene.coach_keep_clear() == []
    click(app, dict(scene.hand_rects())[27].center)
    clear = scene.coach_keep_clear()
    assert clear and all(clear[0].contains(scene.city_rect(c)) for c in ("london", "frankfurt"))
    assert scene.layout.map.contains(clear[0])
