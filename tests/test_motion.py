"""Every move is shown in motion (ui/motion.py, data/<game>/motion.yaml).

The tables: each event kind an engine emits has a motion or says why it does not move.
The tables at work: random games played through each game's scene, every beat's parts
found on the table when it plays, and every mark on the table after the move. The
shared behaviour: pace, a click ending a move and being taken, marks until the next
player acts, reduced motion, fast-forward.
"""

from __future__ import annotations

import random

import pygame
import pytest
from events_seen import GAMES, all_kinds

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.ui import motion, testing
from wonderland_games.ui.motion import MOTIONS, Beat, Timeline, draw_beat, entry_for, fill, motion_table



# -- the tables ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_kind_has_a_motion_or_says_why_not(game_id):
    table = motion_table(game_id)
    missing = sorted(all_kinds(game_id) - set(table))
    assert not missing, f"{game_id}: event kinds with no entry in data/{game_id}/motion.yaml: {missing}"
    for kind, entry in table.items():
        branches = [v for k, v in entry.items() if k != "by"] if "by" in entry else [entry]
        for branch in branches:
            if "none" in branch:
                assert isinstance(branch["none"], str) and len(branch["none"]) > 10, f"{game_id}.{kind}: say why"
            else:
                assert branch.get("motion") in MOTIONS, f"{game_id}.{kind}: {branch!r} names no motion"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_moving_event_moves_on_its_table(game_id):
    """Random games at the table's largest size: each event whose entry moves gives beats,
    each beat's named parts are on the table when the beat plays, and each mark is there
    once the move has played."""
    info = registry.get(game_id)
    app = testing.make_app((1280, 800), "en")
    seats = [Seat(f"P{i}") for i in range(info.max_players)]  # hot seat: every move is another's
    session, scene = testing.open_table(app, game_id, seats, seed=11)
    moved: set = set()
    shown: list = []
    original = scene._show_move
    scene._show_move = lambda seat, events: (shown.append(events), original(seat, events))
    rng = random.Random(11)
    for turn in range(400):
        if session.state.is_over():
            break
        shown.clear()
        scene.apply(rng.choice(session.state.legal_actions()))
        for event in (e for events in shown for e in events):
            if entry_for(game_id, event) is not None:
                assert scene.motion_beats(event), f"{game_id}: {event['type']} has an entry but no beats: {event}"
                moved.add(event["type"])
        assert isinstance(scene.timeline, Timeline)
        while scene.timeline:
            for beat, _ in scene.timeline.now():
                lost = [p for p in beat.path if isinstance(p, str) and scene.target_rect(p) is None]
                assert not lost, f"{game_id}: a {beat.motion} beat's parts {lost} are not on the table"
            if turn % 7 == 0:
                scene.draw(app.screen)
            scene.timeline.advance(Timeline.length(scene.timeline.groups[0]))
        scene._finish_timeline()
        lost = [m for m in scene.marks if scene.target_rect(m) is None]
        assert not lost, f"{game_id}: marks {lost} are not on the table after {[e['type'] for e in shown[-1]]}"
    assert moved, f"{game_id}: nothing moved in a whole game"
    app.stack.clear()


# -- the pieces ------------------------------------------------------------------------------------
def test_fill_names_parts_from_event_fields():
    assert fill("hand:{seat}", {"seat": 2}) == "hand:2"
    assert fill("cell:{to}", {"to": [2, 3]}) == "cell:2,3"
    assert fill("hand:{seat}", {"card": 1}) is None and fill(None, {}) is None


def test_an_entry_may_choose_by_a_field(monkeypatch):
    monkeypatch.setattr(motion, "motion_table", lambda game: {"visit": {
        "by": "paid", "money": {"motion": "fly", "to": "x"}, "else": {"none": "nothing to see here at all"}}})
    assert entry_for("voyage", {"type": "visit", "paid": "money"})["motion"] == "fly"
    assert entry_for("voyage", {"type": "visit", "paid": "card"}) is None
    assert entry_for("voyage", {"type": "other"}) is None


def test_a_timeline_plays_groups_in_turn_and_finishing_lands_every_change():
    changes: list = []
    line = Timeline()
    line.add(Beat("travel", 1.0, done=[lambda: changes.append("a")]))
    line.add(Beat("fly", 0.5, delay=0.6, with_previous=True, done=[lambda: changes.append("b")]))
    line.add(Beat("pulse", 1.0, done=[lambda: changes.append("c")]))
    assert len(line) == 2 and Timeline.length(line.groups[0]) == pytest.approx(1.1)
    line.advance(0.55)
    assert [round(q, 2) for _, q in line.now()] == [0.55, 0.0] and not changes
    line.pace = 2.0
    line.advance(0.3)  # 0.6 s of beats at twice the pace
    assert changes == ["a", "b"] and len(line) == 1
    line.finish()
    assert changes == ["a", "b", "c"] and not line


def _lit(surface, point) -> bool:
    return surface.get_at(point)[:3] != (0, 0, 0)


def test_reduced_motion_fades_in_where_the_piece_lands():
    surface = pygame.Surface((400, 100))
    sprite = pygame.Surface((10, 10))
    sprite.fill((255, 255, 255))
    beat = Beat("travel", 1.0, [(20, 50), (380, 50)], sprite)
    draw_beat(surface, beat, 0.5, lambda name: None, 1.0)
    assert _lit(surface, (200, 50 - int(beat.arc))) and not _lit(surface, (380, 50))
    surface.fill((0, 0, 0))
    draw_beat(surface, beat, 0.5, lambda name: None, 1.0, reduced=True)
    assert _lit(surface, (380, 50)) and not _lit(surface, (200, 50))


def test_a_walk_goes_through_every_cell():
    surface = pygame.Surface((300, 300))
    sprite = pygame.Surface((6, 6))
    sprite.fill((255, 255, 255))
    beat = Beat("walk", 1.0, [(50, 50), (250, 50), (250, 250)], sprite)
    draw_beat(surface, beat, 0.5, lambda name: None, 1.0)  # the corner, between the two legs
    assert _lit(surface, (250, 50))


# -- the shared behaviour at a table -----------------------------------------------------------
@pytest.fixture
def pulse_table(monkeypatch, user_dirs):
    """Valley, one human against a bot, with every event pulsing and marking the log: the
    shared behaviour does not depend on one game's table."""
    entry = {"motion": "pulse", "to": "region:log", "mark": "region:log", "seconds": 1.0}
    monkeypatch.setattr(motion, "motion_table", lambda game: {k: entry for k in all_kinds("valley")})

    def table(**settings):
        app = testing.make_app((1280, 800), "en", bot_think_seconds=0.0, **settings)
        app.running = True
        session, scene = testing.open_table(app, "valley", [Seat("Ann"), Seat("Bo", BOT)], seed=4)
        return app, session, scene
    return table


def _own_move(app, session, scene):
    testing.run_until(app, lambda: scene.my_turn(), seconds=20)
    scene.apply(session.state.legal_actions()[0])


def test_another_players_move_stays_marked_until_the_human_acts(pulse_table):
    app, session, scene = pulse_table()
    _own_move(app, session, scene)
    assert scene.timeline and scene.timeline.pace == pytest.approx(1 / motion.OWN_PACE) and not scene.marks
    testing.run_until(app, lambda: session.state.current_player() == 1 or session.state.is_over(), seconds=20)
    testing.run_until(app, lambda: scene.my_turn(), seconds=20)
    assert scene.marks == ["region:log"] and scene.mark_rects() == [scene.target_rect("region:log")]
    testing.step(app, 2)
    log = scene.target_rect("region:log")
    assert app.screen.get_at((log.right + 1, log.centery))[:3] == (250, 214, 120) or \
        app.screen.get_at((log.right + 2, log.centery))[:3] == (250, 214, 120)
    scene.apply(session.state.legal_actions()[0])
    assert scene.marks == []


def test_every_bots_move_since_the_human_acted_stays_marked(monkeypatch, user_dirs):
    """Only the last bot's move was marked when the turn came back (QA, every game): each bot's
    changes since the person last acted stay marked until they act."""
    entry = {"motion": "pulse", "to": "seat:{seat}", "mark": "seat:{seat}", "seconds": 0.2}
    monkeypatch.setattr(motion, "motion_table", lambda game: {k: entry for k in all_kinds("valley")})
    app = testing.make_app((1280, 800), "en", bot_think_seconds=0.0)
    app.running = True
    session, scene = testing.open_table(app, "valley", [Seat("Ann"), Seat("Bo", BOT), Seat("Cy", BOT)], seed=4)
    for _ in range(3):
        _own_move(app, session, scene)
        testing.run_until(app, lambda: scene.my_turn() and not scene.timeline, seconds=30)
        acted = {a for a in session.actors[-6:] if a in (1, 2)}
        if acted == {1, 2}:
            break
    assert acted == {1, 2} and {"seat:1", "seat:2"} <= set(scene.marks)
    assert len(scene.mark_rects()) >= 2
    scene.apply(session.state.legal_actions()[0])
    assert scene.marks == []


def test_a_click_during_a_move_ends_it_and_is_taken(pulse_table):
    app, session, scene = pulse_table()
    _own_move(app, session, scene)
    assert scene.timeline
    taken = []
    scene._mouse = taken.append
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1))
    testing.step(app)
    assert not scene.timeline and len(taken) == 1


def test_reduced_motion_keeps_every_beat_short_and_fast_forward_has_none(pulse_table):
    app, session, scene = pulse_table(reduced_motion=True)
    _own_move(app, session, scene)
    assert scene.timeline and all(b.duration <= motion.REDUCED_SECONDS for g in scene.timeline.groups for b in g)
    app, session, scene = pulse_table(fast_forward=True)
    _own_move(app, session, scene)
    assert not scene.timeline


def _bots_move(app, session, scene):
    """Step frames until the bot's move has been applied: (the log's entries before it, the lines it tells)."""
    _own_move(app, session, scene)
    testing.run_until(app, lambda: not scene.timeline, seconds=20)
    told = list(scene.log.entries)
    count = len(session.actions)
    testing.run_until(app, lambda: len(session.actions) > count, seconds=20)
    state = session.initial_state()
    for action in session.actions[:-1]:
        state.apply(action)
    return told, scene._log_lines(state.apply(session.actions[-1]), state)


def test_a_moves_log_lines_are_written_when_its_motion_ends(pulse_table):
    """The log ran ahead of the motion (QA): a bot's line showed while its piece was still on
    the way. It is written when the move has been shown, once, for every game."""
    app, session, scene = pulse_table()
    told, lines = _bots_move(app, session, scene)
    assert scene.timeline and lines, "the bot's move is on show"
    assert scene.log.entries == told, "nothing of it is told yet"
    testing.step(app, 3)
    assert scene.log.entries == told
    testing.run_until(app, lambda: not scene.timeline, seconds=20)
    assert scene.log.entries == told + lines, "told once it has landed, once"
    scene._rebuild_log()
    assert scene.log.entries == told + lines, "and as a rebuild tells it"


def test_a_click_or_fast_forward_writes_the_moves_lines_at_once(pulse_table):
    app, session, scene = pulse_table()
    told, lines = _bots_move(app, session, scene)
    assert scene.timeline and scene.log.entries == told
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode=""))
    testing.step(app)
    assert not scene.timeline and scene.log.entries == told + lines
    app, session, scene = pulse_table(fast_forward=True)
    told, lines = _bots_move(app, session, scene)
    assert not scene.timeline and scene.log.entries == told + lines


def test_a_rebuild_while_a_move_plays_holds_its_lines_back(pulse_table):
    """A log told again mid-move (Dream tells it anew for the person the curtain let in) keeps
    the move's lines for its end: none shows early, none twice."""
    app, session, scene = pulse_table()
    told, lines = _bots_move(app, session, scene)
    scene._rebuild_log()
    assert scene.timeline and scene.log.entries == told
    scene._finish_timeline()
    assert scene.log.entries == told + lines


@pytest.mark.parametrize("game_id", ["valley", "voyage", "oz"])
def test_undo_stays_as_it_is_while_the_bots_move(game_id, monkeypatch, user_dirs):
    """Undo blinked on and off through a run of bots' moves (QA, Voyage and Dream): lit between
    two moves' motions, greyed while each played. It stays greyed until the person's turn."""
    entry = {"motion": "pulse", "to": "region:log", "seconds": 0.3}
    monkeypatch.setattr(motion, "motion_table", lambda game: {k: entry for k in all_kinds(game_id)})
    app = testing.make_app((1280, 800), "en", bot_think_seconds=0.0)
    app.running = True
    session, scene = testing.open_table(app, game_id, [Seat("Ann"), Seat("Bo", BOT), Seat("Cy", BOT)], seed=4)
    undo, rng, runs = scene.buttons["undo"], random.Random(3), []
    for _ in range(4):
        testing.run_until(app, lambda: scene.my_turn() and not scene.timeline, seconds=30)
        if session.state.is_over():
            break
        scene.apply(rng.choice(session.state.legal_actions()))
        testing.step(app)
        looks = []
        testing.run_until(app, lambda: looks.append((undo.enabled, bool(scene.timeline)))
                          or (scene.my_turn() and not scene.timeline) or session.state.is_over(), seconds=30)
        testing.step(app)
        looks.append((undo.enabled, bool(scene.timeline)))
        runs.append((looks, scene.can_undo()))
    assert sum(moving for looks, _ in runs for _, moving in looks) > 20, "the bots' moves played"
    assert any(can for _, can in runs), "Undo comes back on the person's turn"
    for looks, can in runs:
        lit = "".join("1" if enabled else "0" for enabled, _ in looks)
        assert "10" not in lit and lit[-1] == "01"[can], lit  # greyed, then lit once for good
