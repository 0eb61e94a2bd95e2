"""Dream Teller's moves in motion (data/dream/motion.yaml, games/dream/moves.py), driven through
the real scene at the pace a player sees: a clue rings its bubble, a judged card travels onto its
pile (its word hidden from a dreamer who missed it), a round's points fly to the totals, which wait
for them. The motion never costs the sand: bots think on while it plays, a guess sent during it
is taken, the sand runs out on time, and the clue being typed stays on top. Header, players panel
and table agree on whose turn it is; undo and replays show no motion."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.dream.scene import DreamScene
from wonderland_games.games.dream.state import DREAM, LAST
from wonderland_games.ui import theme
from wonderland_games.ui.motion import Beat, Timeline
from wonderland_games.ui.theme import px
from wonderland_games.ui.testing import click, key, make_app, random_record, step, type_text

NAMES = ["Ann", "Bob", "Cy", "Dee"]
ANN_DREAMS, DEE_DREAMS = 4, 0  # seeds: who dreams the first round (Dee: Ann gives the first clue)


@pytest.fixture
def app(user_dirs):
    """A window at the pace a player sees (no fast-forward), bots quick."""
    app = make_app((1280, 800), "zh", bot_think_seconds=0.0)
    app.running = True
    yield app
    for scene in reversed(app.stack):
        scene.on_exit()
    app.stack.clear()


def bots_table(app, seed: int, rng_seed: int = 7):
    """Ann and three bots, clues in Chinese, the round begun; the view's pace seeded."""
    seats = [Seat("Ann")] + [Seat(n, BOT, "normal") for n in NAMES[1:]]
    session = Session("dream", seats, seed, {"mode": "bots", "lang": "zh"}, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    scene.view.rng = random.Random(rng_seed)
    step(app, 2)
    scene.view.begin()
    return session, scene


def shows(scene) -> list:
    """Every move shown from now on: (events, the beats it added, the marks after it)."""
    seen = []
    original = scene._show_move

    def spy(seat, events):
        before = [b for g in scene.timeline.groups for b in g]
        original(seat, events)
        seen.append((events, [b for g in scene.timeline.groups for b in g if b not in before], list(scene.marks)))
    scene._show_move = spy
    return seen


def run(app, until, frames=60 * 60):
    """Step frames until `until()`; each rests a millisecond, as the real loop does, or the bots'
    thinking threads starve (the denser lexicon's dreamer then never guessed in a minute)."""
    for _ in range(frames):
        if until():
            return
        app.step(1 / 60)
        time.sleep(0.001)
    raise AssertionError("never happened")


def kinds(events) -> list:
    return [e["type"] for e in events]


# -- the signature motions -----------------------------------------------------------------------
def test_a_bots_clue_rings_its_bubble_and_its_seat_stays_marked(app):
    session, scene = bots_table(app, ANN_DREAMS)
    seen = shows(scene)
    run(app, lambda: any("clue" in kinds(ev) for ev, _, _ in seen))
    events, beats, marks = next(s for s in seen if "clue" in kinds(s[0]))
    seat = next(e["seat"] for e in events if e["type"] == "clue")
    assert session.state.seats[seat].is_bot
    pulse = next(b for b in beats if b.motion == "pulse")
    assert pulse.path == [f"bubble:{seat}"] and scene.target_rect(f"bubble:{seat}") is not None
    assert marks == [f"seat:{seat}"]
    run(app, lambda: not scene.timeline)
    assert scene.mark_rects() == [scene.target_rect(f"seat:{seat}")]


def test_a_judged_card_travels_to_its_pile_face_down_for_a_dreamer_who_missed_it(app):
    session, scene = bots_table(app, ANN_DREAMS)
    state, view = session.state, scene.view
    seen = shows(scene)
    run(app, view.my_guess)
    view.field.set_text("不是这个")  # a wrong guess
    view.submit()
    events, beats, _ = seen[-1]
    card = next(e for e in events if e["type"] == "card")
    assert card["outcome"] == "wrong"
    travel = next(b for b in beats if b.motion == "travel")
    assert travel.path == ["lift:wrong", "pile:wrong"] and scene.target_rect("pile:wrong") is not None
    centre = (travel.sprite.get_width() // 2, travel.sprite.get_height() // 2)
    assert travel.sprite.get_at(centre)[:3] == theme.PLUM, "the missed word is never shown to its dreamer"
    ring = next(b for b in beats if b.motion == "pulse")  # the next card rings as the judged one leaves
    assert ring.path == ["card:word"] and ring.with_previous
    run(app, view.my_guess)
    view.field.set_text(scene.lexicon.words[state.current].name["zh"])  # right
    view.submit()
    travel = next(b for b in seen[-1][1] if b.motion == "travel")
    assert travel.path == ["lift:correct", "pile:correct"]
    assert travel.sprite.get_at((travel.sprite.get_width() // 2, 4))[:3] == theme.WHITE, "a word got right shows"


def test_a_rounds_points_fly_to_each_total_and_the_totals_wait_for_them(app):
    session = Session.new("dream", [Seat(n) for n in NAMES], seed=5, autosave=False)  # a table of people
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    view = scene.view
    for _ in range(3):
        view.show_role()
        view.hide_role()
    view.start()
    seen = shows(scene)
    for action in (("correct",), ("time_up",), ("wrong",), ("story", 1)):
        scene.apply(action)
    events, beats, _ = seen[-1]
    end = next(e for e in events if e["type"] == "round_end")
    flights = [b for b in beats if b.motion == "fly"]
    assert [b.path[-1] for b in flights] == [f"score:{i}" for i in range(4)]
    assert [b.text for b in flights] == [f"+{p}" for p in end["points"]]
    assert [row[1] for row in scene._player_lines()] == [0, 0, 0, 0], "the totals wait for the points"
    deal = next(b for b in beats if b.motion == "travel")  # the next round's card, dealt under the scores
    assert deal.path[-1] == f"player:{session.state.dreamer()}"
    run(app, lambda: not scene.timeline)
    assert [row[1] for row in scene._player_lines()] == end["totals"]


def word_band(scene):
    """The band of the dream card its word is written in (bot_draw._draw_card)."""
    inner = scene.view.card.inflate(-px(20, scene.view.s), -px(16, scene.view.s))
    return pygame.Rect(inner.left, inner.top + inner.height // 4, inner.width, inner.height // 2)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_word_in_play_stays_readable_while_a_judged_card_moves(user_dirs, size):
    """Ann is a spirit: the next word is hers to clue from at once; the card the dreamer's guess
    put on a pile never crosses it."""
    app = make_app(size, "zh", bot_think_seconds=0.0)
    app.running = True
    session, scene = bots_table(app, DEE_DREAMS)
    seen = shows(scene)
    judged = lambda: any(b.motion == "travel" and str(b.path[0]).startswith("lift:")  # noqa: E731
                         for g in scene.timeline.groups for b in g)
    shown = scene._show_move

    def show(seat, events):  # once a card is judged the table holds still: the next clue would land it
        shown(seat, events)
        if judged():
            scene._update_turn = lambda dt: None
            scene.view.update = lambda dt: None
    scene._show_move = show
    run(app, judged, 60 * 400)  # a card judged (not a round's end dealing the next): the dreamer may take a while
    while not any(str(b.path[0]).startswith("lift:") for b in scene.timeline.groups[0]):
        scene.timeline.advance(Timeline.length(scene.timeline.groups[0]))
    band = word_band(scene)
    group = scene.timeline.groups[0]
    plain = scene.timeline.groups
    scene.timeline.groups, scene.marks = [], []  # marks show only once the move has played
    scene.draw(app.screen)
    word = pygame.image.tobytes(app.screen.subsurface(band), "RGB")
    scene.timeline.groups = plain
    for tenth in range(11):
        scene.timeline.time = Timeline.length(group) * tenth / 10
        scene.draw(app.screen)
        assert pygame.image.tobytes(app.screen.subsurface(band), "RGB") == word, tenth
    assert "card" in kinds(seen[-1][0])
    app.stack.pop().on_exit()


# -- the sand is never held ------------------------------------------------------------------------
def clue_times(app, motion: bool) -> list:
    """The sand left as each of the first bot clues comes while Ann dreams and only listens."""
    session, scene = bots_table(app, ANN_DREAMS)
    if not motion:
        scene.motion_beats = lambda event: []
    seen = shows(scene)
    times = []
    while len(times) < 4:
        app.step(1 / 60)
        time.sleep(0.001)  # as `run` does: the bots think in a thread (unrested, a busy machine starved it)
        if seen and "clue" in kinds(seen[-1][0]) and (not times or times[-1][0] != len(session.actions)):
            times.append((len(session.actions), scene.clock.left))
    app.stack.pop().on_exit()
    return [left for _, left in times]


def test_bots_think_on_while_a_move_plays_so_the_clues_come_as_often_in_the_sand(app):
    still = clue_times(app, motion=False)
    moving = clue_times(app, motion=True)
    assert moving == pytest.approx(still, abs=2.5 / 60)


def test_a_guess_sent_during_a_bots_move_is_taken_at_once(app):
    session, scene = bots_table(app, ANN_DREAMS)
    run(app, lambda: scene.timeline and scene.view.my_guess())
    type_text(app, "月亮")
    assert scene.timeline, "typing goes on under the move"
    key(app, pygame.K_RETURN)
    assert session.actions[-1] == ("guess", "月亮")


def test_the_sand_runs_out_on_time_during_a_move(app):
    session, scene = bots_table(app, ANN_DREAMS)
    run(app, lambda: bool(scene.timeline))
    scene.clock.left = 0.01
    step(app)
    assert session.state.phase == LAST


def test_the_clue_being_typed_stays_on_top_of_what_moves(app):
    session, scene = bots_table(app, DEE_DREAMS)
    view = scene.view
    run(app, view.my_clue_turn)
    type_text(app, "旅行")
    field = view.field.rect.inflate(-24, -12)  # inside its rounded edge
    step(app)
    typed = app.screen.subsurface(field).copy()
    blot = pygame.Surface((field.width + 60, field.height + 60))
    blot.fill(theme.RED)
    scene.timeline.add(Beat("travel", 5.0, [field.center], blot))
    scene.draw(app.screen)
    assert scene.timeline and view.field.visible
    assert pygame.image.tobytes(app.screen.subsurface(field), "RGB") == pygame.image.tobytes(typed, "RGB")


# -- whose turn, and no motion on a jump -------------------------------------------------------------
def test_header_panel_and_table_agree_on_whose_turn_through_bots_moves(app):
    """Ann's clue, then the bots in a row (the dreamer Dee, Bob, Dee, Cy, ...): on every frame, in
    motion or not, the header names the dreamer the panel lights, and the line over the field names
    the spirit the table rings as speaking."""
    session, scene = bots_table(app, DEE_DREAMS)
    state, view = session.state, scene.view
    run(app, view.my_clue_turn)
    view.field.set_text("旅行")
    view.submit()
    moving = 0
    for _ in range(60 * 12):
        app.step(1 / 60)
        if state.phase != DREAM or view.my_clue_turn():
            break
        moving += bool(scene.timeline)
        dreamer = state.dreamer()
        assert scene.name(dreamer) in scene._status()
        assert [row[3] for row in scene._player_lines()] == [i == dreamer for i in range(4)]
        text = view.status()[0]
        if state.awaiting == "clue" and not view.message[0]:
            assert scene.name(state.speaker) in text
    assert moving > 10, "bots' moves were seen in motion"


def test_undo_and_a_replay_jump_show_no_motion(app):
    """(A replay's step forward plays its move, as at every table; a jump lands at once.)"""
    session = Session.new("dream", [Seat(n) for n in NAMES], seed=5, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    scene.apply(("penalty", 2))
    assert scene.timeline
    run(app, lambda: not scene.timeline)
    click(app, scene.buttons["undo"].rect.center)
    assert not scene.timeline and scene.marks == [] and scene.score_lag is None
    assert session.state.penalties[2] == 0
    replay = DreamScene(app, None, replay=random_record("dream", players=4))
    app.push(replay)
    step(app, 2)
    moved = 0
    for _ in range(30):
        replay.replay_next()
        moved += bool(replay.timeline)
        step(app)
    assert moved, "a step forward shows its move"
    replay.replay_goto(3)
    assert not replay.timeline and replay.marks == []


def test_esc_clears_a_half_typed_word_first_then_leaves(app):
    """A guess half typed was lost to one Esc, which left the table (QA): the first Esc clears
    the field, the next leaves."""
    from wonderland_games.ui.testing import key

    session, scene = bots_table(app, DEE_DREAMS)
    view = scene.view
    run(app, view.my_clue_turn)
    type_text(app, "旅行")
    assert view.field.text == "旅行"
    left = []
    scene.to_menu = lambda: left.append(True)
    key(app, pygame.K_ESCAPE)
    assert view.field.text == "" and not left
    key(app, pygame.K_ESCAPE)
    assert left


def test_undo_stays_off_after_a_pause_when_no_move_of_ones_own_is_within_reach(app):
    """The sand's report at a pause is recorded as the person's action; Undo lit up after it though
    the guess before it lay behind the next word turned up, so it took back only the report (QA)."""
    session, scene = bots_table(app, ANN_DREAMS)
    view = scene.view
    run(app, view.my_guess)
    view.field.set_text("不是这个")  # a wrong guess: the next word is turned up
    view.submit()
    run(app, lambda: session.state.current_player() == 0 and not scene.timeline)  # Ann's turn again
    assert not scene.can_undo(), "the guess turned up the next word: undo stops there"
    click(app, view.buttons["pause"].rect.center)
    step(app)
    assert session.actions[-1][0] == "clock" and session.can_undo(), "the report is the person's action"
    assert not scene.can_undo() and not scene.buttons["undo"].enabled
    assert scene.undo_why_not() == app.t("table.undo_why.nothing")


def test_a_piles_mark_ends_with_its_round(app):
    """A bot dreamer's card marked its pile; the mark stayed on the next round's empty pile until
    Ann acted (QA). It shows with the round's scores and goes when the piles reset."""
    from wonderland_games.games.dream.state import PASS

    session, scene = bots_table(app, 0)  # Dee dreams, Ann is a spirit

    def marked() -> list:
        return [m for m in scene.marks if m.startswith("pile:") and scene.target_rect(m) in scene.mark_rects()]

    def ann_passes() -> bool:
        if scene.view.my_clue_turn():
            scene.apply(PASS)
        return bool(marked())
    run(app, ann_passes)
    scene.clock.left = 0.05  # the sand runs out; the bots end the round
    run(app, lambda: scene.view.round_on_show() is not None and not scene.timeline)
    assert marked(), "the round's piles still show, beside its scores: so does the mark"
    click(app, scene.view.buttons["next"].rect.center)
    run(app, lambda: not scene.timeline and scene.view.round_on_show() is None)
    assert session.state.pile("wrong") == session.state.pile("correct") == 0
    assert not marked() and not [m for m in scene.marks if m.startswith("pile:")]


@pytest.mark.parametrize("size,lang", [((1024, 640), "zh"), ((1920, 1080), "en")])
def test_what_moves_at_a_rounds_end_passes_under_the_words_of_its_scores(user_dirs, size, lang):
    """A bot dreamed four words right and told its story: as the scores show, the points fly to the
    rows and the next card is dealt from the stage's centre, which the story's lines cover. They pass
    under the scores' words, never over them (QA: a plum card crossed "until at last the")."""
    from wonderland_games.games.dream.state import GUESS, PASS, STORY, TIME_UP
    from wonderland_games.ui.table_scene import TableScene

    app = make_app(size, lang, bot_think_seconds=0.0)
    app.running = True
    seats = [Seat("Ann")] + [Seat(n, BOT, "normal") for n in ("Bob", "Cy", "Dee", "Eve", "Fay")]
    session = Session("dream", seats, 0, {"mode": "bots", "lang": lang}, autosave=False)
    scene = DreamScene(app, session)
    app.push(scene)
    step(app, 2)
    scene.view.begin()
    scene._update_turn = lambda dt: None  # the test plays the bots' moves: the round ends as written
    assert session.state.dreamer() != 0, "Ann is a spirit"
    app.settings.fast_forward = True  # the dream itself shows no motion
    for _ in range(40):
        state = session.state
        if state.phase == STORY:
            break
        if len(state.cards) == 4 and state.phase == DREAM:
            scene.apply(TIME_UP)
        elif state.phase == LAST or state.awaiting == GUESS:
            scene.apply(("guess", scene.lexicon.words[state.current].name[lang]))
        elif state.speaker == 0:
            scene.apply(PASS)
        else:
            scene.apply(("clue", state.speaker, "提示" if lang == "zh" else "hint"))
    assert session.state.phase == STORY and session.state.pile("correct") == 5
    app.settings.fast_forward = False
    scene.apply(("story", 1))
    assert scene.view.round_on_show() == 0 and scene.timeline
    panel = scene.view.panel_text()
    plain, groups = scene.timeline.groups, list(scene.timeline.groups)
    scene.timeline.groups = []
    scene.draw(app.screen)
    words = [pygame.image.tobytes(app.screen.subsurface(rect), "RGB") for rect in panel]
    scene.timeline.groups = plain
    crossed = 0
    for group in groups:
        scene.timeline.groups = [group]
        for tenth in range(11):
            scene.timeline.time = Timeline.length(group) * tenth / 10
            scene.draw(app.screen)
            shown = [pygame.image.tobytes(app.screen.subsurface(rect), "RGB") for rect in panel]
            assert shown == words, (tenth, [b.path for b in group])
            moving = TableScene._draw_motion(scene, app.screen.copy())
            crossed += any(rect.collidelist(moving) >= 0 for rect in panel)
    assert crossed, "something moving crossed the scores' words (or this test shows nothing)"
    app.stack.pop().on_exit()
