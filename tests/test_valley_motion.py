"""Wonderland Valley's moves in motion (data/valley/motion.yaml, games/valley/moves.py), driven
through the real table: a worker walks to its spot and home at a recall, a card travels into
a city, gains fly from where they come, what another changed stays marked; header, players
panel and city rows agree whose turn it is; undo, load and replay jumps show no motion."""

import random

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.records import make_record
from wonderland_games.core.session import Session
from wonderland_games.games.valley.board_view import arrived
from wonderland_games.games.valley.scene import ValleyScene
from wonderland_games.ui import motion
from wonderland_games.ui.testing import click, make_app, run_until


@pytest.fixture
def app(paced_app):
    return paced_app


def start(app, seats, seed=11, options=None):
    session = Session.new("valley", seats, seed=seed, options=options, autosave=False)
    scene = ValleyScene(app, session)
    app.push(scene)
    app.step(1 / 60)
    return session, scene


def watch(scene) -> list:
    """Every move's events as the table shows them."""
    seen: list = []
    show = scene._show_move
    scene._show_move = lambda seat, events: (seen.append(list(events)), show(seat, events))
    return seen


def until(app, scene, condition, seed=1, seconds=60) -> None:
    """Step frames until `condition()`, Ann playing at random (Prepare last) whenever it is her turn."""
    rng = random.Random(seed)

    def done() -> bool:
        if condition():
            return True
        if scene.my_turn():
            legal = scene.session.state.legal_actions()
            scene.apply(rng.choice([a for a in legal if a[0] != "prepare"] or legal))
        return False
    run_until(app, done, seconds=seconds)


def next_group(scene) -> float:
    """The seconds to the next group, at the timeline's pace."""
    line = scene.timeline
    return (line.length(line.groups[0]) - line.time) / line.pace + 1e-6


def beats(scene) -> list:
    return [b for group in scene.timeline.groups for b in group]


def test_a_bot_walks_its_worker_to_its_spot_and_the_gain_flies_from_there(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=9)
    seen = watch(scene)
    until(app, scene, lambda: scene.timeline and scene.mover == 1 and scene.timeline.groups[0][0].motion == "walk"
          and any(e["type"] == "place" for e in seen[-1]))
    place = next(e for e in seen[-1] if e["type"] == "place")
    key = place["spot"] if "spot" in place else f"{place['owner']}/{place['index']}"
    walk = scene.timeline.groups[0][0]
    assert walk.path == ["seat:1", f"spot:{key}"] and walk.sprite is not None
    assert scene.target_rect(walk.path[-1]) == scene.spot_rect(key)
    assert (1, key) in scene._marks()["hidden"] and 1 not in arrived(session.state, key, scene._marks()), \
        "the walking worker is not also drawn at rest"
    before = scene.before
    assert scene.panel_state() is before, "the players panel shows the table as it was until the move has played"
    gains = [b for b in beats(scene)[1:] if b.motion == "fly"]
    for gain in gains:
        assert gain.path[0] == f"spot:{key}", "a gain flies from the spot that gave it"
    scene.timeline.advance(walk.duration + 0.01)  # the walk has played: the worker stands on its spot
    assert not scene._marks()["hidden"] and 1 in arrived(session.state, key, scene._marks())
    run_until(app, lambda: scene.my_turn())
    assert scene.panel_state() is session.state
    assert f"spot:{key}" in scene.marks and scene.target_rect(f"spot:{key}") in scene.mark_rects()


def test_at_a_recall_every_worker_walks_home_at_once(app):
    session, scene = start(app, [Seat("Bo", BOT, "random"), Seat("Cy", BOT, "random")], seed=5)
    seen = watch(scene)
    run_until(app, lambda: seen and any(e["type"] == "season" and e["recalled"] > 1 for e in seen[-1]), seconds=60)
    season = next(e for e in seen[-1] if e["type"] == "season")
    seat = season["seat"]
    group = scene.timeline.groups[0]
    assert len(group) == season["recalled"] == len(season["walked"]), "one walker for each worker, together"
    assert sorted(b.path[0] for b in group) == sorted(f"spot:{k}" for k in season["walked"])
    assert all(b.motion == "walk" and b.path[-1] == f"seat:{seat}" for b in group)
    assert [b.delay for b in group] == sorted(b.delay for b in group) and group[-1].delay > 0, "one after another"
    for b in group:
        assert scene.target_rect(b.path[0]) is not None and scene.target_rect(b.path[-1]) is not None


def test_a_card_another_plays_travels_face_down_and_turns_up_in_their_city(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=3)
    seen = watch(scene)
    until(app, scene, lambda: scene.timeline and scene.mover == 1 and any(e["type"] == "play" for e in seen[-1]))
    play = next(e for e in seen[-1] if e["type"] == "play")
    index = len(session.state.cities[1]) - 1 - session.state.cities[1][::-1].index(play["card"])
    travel, flip = next(g[0] for g in scene.timeline.groups if g[0].motion == "travel"), \
        next(g[0] for g in scene.timeline.groups if g[0].motion == "flip")
    part = f"card:1/{play['card']}"
    held = f"held:1/{play['card']}"
    assert travel.path == [held, part] and flip.path == [part], "from Bo's row (his hand is hidden) to his city"
    assert scene.target_rect(held) == scene.target_rect("seat:1")
    assert travel.sprite.get_size() == flip.sprite.get_size() == scene.spot_rect(f"1/{index}").size
    assert (1, index) in scene._marks()["unlanded"], "the city keeps its slot empty until the card lands"
    run_until(app, lambda: scene.my_turn())
    assert not scene._marks()["unlanded"] and part in scene.marks


def test_header_players_panel_and_city_rows_agree_whose_turn_it_is_with_three_bots(app):
    """Through three bots' turns in a row, thinking and moving, each drawn frame's header names
    the seat the players panel and the city rows highlight, and the controls panel waits for it."""
    seats = [Seat("Ann"), Seat("Bo", BOT, "random"), Seat("Cy", BOT, "random"), Seat("Di", BOT, "random")]
    session, scene = start(app, seats, seed=7)
    rng = random.Random(7)
    names = [s.name for s in seats]
    moving = thinking = 0
    for _ in range(3000):
        if session.state.is_over() or (moving > 60 and thinking > 6):
            break
        if scene.my_turn():
            scene.apply(rng.choice(session.state.legal_actions()))
        app.step(1 / 60)
        status, highlighted = scene._keys["status"][0], scene._keys["players"][2]
        if highlighted is None:
            assert session.state.is_over(), (status, "no row highlighted")
            continue
        cities = [seat for seat in range(len(seats)) if scene._keys[f"city{seat}"][-1]]
        assert names[highlighted] in status and cities == [highlighted], (status, highlighted, cities)
        assert not [n for n in names if n != names[highlighted] and n in status]
        waiting = [line[0] for line in scene._controls_lines() if isinstance(line[0], str)]
        assert all(names[highlighted] in w for w in waiting if "…" in w or "..." in w), waiting
        if scene.seats[highlighted].is_bot:
            moving += bool(scene.timeline)
            thinking += not scene.timeline
    assert moving > 60 and thinking > 6, "bots were seen both thinking and moving"


def test_the_solo_opponents_turn_plays_at_a_bots_pace_and_stays_marked(app):
    session, scene = start(app, [Seat("Ann")], seed=3, options={"opponent": "hard"})
    seen = watch(scene)
    rng = random.Random(2)
    while not any(e["type"] == "opponent_place" for events in seen for e in events):
        run_until(app, lambda: scene.my_turn())
        seen.clear()
        action = rng.choice([a for a in session.state.legal_actions() if a[0] != "prepare"] or
                            session.state.legal_actions())
        scene.apply(action)
    place = next(e for e in seen[-1] if e["type"] == "opponent_place")
    tumble = next(b for b in beats(scene) if b.motion == "tumble")
    walk = next(b for b in beats(scene) if b.path[-1] == f"spot:{place['spot']}")
    assert tumble.path == ["seat:opponent"] and tumble.sprite is not None
    assert walk.path[0] == "seat:opponent" and walk.duration == pytest.approx(0.6 / motion.OWN_PACE), \
        "the player's own move is quick; the Jabberwock's at a bot's pace"
    assert scene.marks == [f"spot:{place['spot']}"], "only the Jabberwock's move is marked, not the player's own"
    while not any(b is walk for b in scene.timeline.groups[0]):
        scene.timeline.advance(next_group(scene))
    assert scene.undo_why_not() == app.t("valley.qa.undo_wait", name=app.i18n.pick(session.state.solo.name))


def test_undo_load_and_replay_jumps_show_no_motion(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=4)
    until(app, scene, lambda: scene.my_turn() and scene.marks and scene.can_undo())
    click(app, scene.buttons["undo"].rect.center)
    assert not scene.timeline and not scene.marks and scene.before is None
    app.step(1 / 60)
    assert not scene.timeline

    loaded = ValleyScene(app, Session.from_save(session.to_save(), autosave=False))
    app.push(loaded)
    app.step(1 / 60)
    assert not loaded.timeline and not loaded.marks

    record = make_record("valley", 4, session.seats, None, list(session.actions))
    replay = ValleyScene(app, replay=record)
    app.push(replay)
    app.step(1 / 60)
    replay.replay_next()
    assert replay.timeline, "a replay's step plays as a move"
    replay.replay_goto(len(record.actions))
    assert not replay.timeline and not replay.marks
    replay.replay_prev()
    assert not replay.timeline and not replay.marks


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_beat_of_a_solo_game_is_on_the_table(user_dirs, size):
    """A whole solo game at random through the table: the Jabberwock's beats too find their parts."""
    app = make_app(size, "en")
    session, scene = start(app, [Seat("Ann")], seed=6, options={"opponent": "easy"})
    rng = random.Random(6)
    kinds = set()
    seen = watch(scene)
    for _ in range(300):
        if session.state.is_over():
            break
        seen.clear()
        scene.apply(rng.choice(session.state.legal_actions()))
        kinds.update(e["type"] for events in seen for e in events)
        while scene.timeline:
            for beat, _ in scene.timeline.now():
                assert all(scene.target_rect(p) is not None for p in beat.path if isinstance(p, str)), beat
            scene.timeline.advance(next_group(scene))
        scene._finish_timeline()
        assert all(scene.target_rect(m) is not None for m in scene.marks)
        if _ % 9 == 0:
            scene.draw(app.screen)
    app.stack.clear()
    assert {"opponent_roll", "opponent_place", "opponent_take", "opponent_recall"} <= kinds


def test_a_card_from_ones_own_hand_travels_face_up_from_its_slot_unmarked(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=3)
    state = session.state
    until(app, scene, lambda: scene.my_turn() and state.decision() is None and any(
        a[0] == "play" for a in state.legal_actions()))
    play = next(a for a in state.legal_actions() if a[0] == "play")
    slot = dict(scene.hand_rects())[state.hands[0].index(play[1])]
    scene.apply(play)
    travel = next(b for b in beats(scene) if b.motion == "travel" and b.path[-1] == f"card:0/{play[1]}")
    assert scene.target_rect(travel.path[0]) == slot, "it leaves the slot it had in the hand"
    assert not [b for b in beats(scene) if b.motion == "flip"] and not scene.marks
    assert scene.timeline.pace == pytest.approx(1 / motion.OWN_PACE)


def test_a_drawn_card_shows_in_the_hand_when_it_lands_not_before(app):
    """The card back travelled to the hand while the card already showed there (QA): each dealt
    card takes its slot as it lands, one after another."""
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=5)
    seen = watch(scene)
    rng = random.Random(5)

    def drawing() -> bool:
        if scene.timeline and seen and any(e["type"] == "draw" and e["seat"] == 0 and len(e["cards"]) > 1
                                           for e in seen[-1]):
            return True
        if scene.my_turn():
            scene.apply(rng.choice(session.state.legal_actions()))
        return False
    run_until(app, drawing, seconds=120)
    draw = next(e for e in seen[-1] if e["type"] == "draw" and e["seat"] == 0)
    hand = list(session.state.hands[0])
    while scene.timeline.groups[0][0].motion != "travel" or scene.timeline.groups[0][0].path[0] != "deck":
        scene.timeline.advance(next_group(scene))
    dealt = scene.timeline.groups[0]
    n = len(draw["cards"])
    assert len(dealt) == n and scene.shown_hand()[1] == hand[:-n], "no dealt card shows before it lands"
    slots = scene.layout.hand_slots(len(hand))
    assert [scene.target_rect(b.path[-1]) for b in dealt] == slots[len(hand) - n:len(hand)], "each to its own slot"
    scene.timeline.advance((dealt[0].delay + dealt[0].duration) / scene.timeline.pace + 1e-6)
    assert scene.shown_hand()[1] == hand[:len(hand) - n + 1], "the first has landed: it shows, the rest not yet"
    scene.draw(app.screen)
    assert scene._keys["hand"][2] == tuple(hand[:len(hand) - n + 1]), "the hand drawn is the hand shown"
    scene._finish_timeline()
    assert scene.shown_hand()[1] == hand


def test_the_keys_focus_rests_through_the_bots_turns_and_comes_back_for_ones_own(app):
    """The focus outline and its tip stayed over the board while the bots moved (QA)."""
    from wonderland_games.ui.testing import key

    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=3)
    run_until(app, scene.my_turn)
    key(app, pygame.K_TAB)
    app.step(1 / 60)
    focused = scene.keys.focused_id()
    assert focused is not None and scene._draw_keys(app.screen), "Tab shows the focus on Ann's turn"
    legal = session.state.legal_actions()
    scene.apply(next(a for a in legal if a[0] != "prepare") if len(legal) > 1 else legal[0])
    run_until(app, lambda: scene.seats[scene.turn_seat()].is_bot)
    app.step(1 / 60)
    seen_bot = 0
    for _ in range(3000):
        if scene.my_turn():
            break
        if scene.seats[scene.turn_seat()].is_bot:
            seen_bot += 1
            assert not scene._draw_keys(app.screen) and scene.keys.focused_id() is None, "no focus on a bot's turn"
        app.step(1 / 60)
    assert seen_bot
    app.step(1 / 60)
    assert scene.keys.focused_id() == focused and scene._draw_keys(app.screen), "back where it was"
