"""Parade's moves in motion at the real table (games/parade/moves.py on ui/motion.py): a card
travels from its hand to the tail (and turns over there when its hand was hidden), the cards
it takes slide to the taker's piles, the table shows nothing before the motion brings it, and
the header, seats and panels agree on whose turn it is throughout."""

from __future__ import annotations

import random

import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.games.parade import rules
from wonderland_games.games.parade import scene as scene_module
from wonderland_games.ui import testing
from wonderland_games.ui.testing import click, run_until, step


@pytest.fixture
def app(paced_app):
    return paced_app


def _arranged(app, seats, count=3):
    session, scene = testing.open_table(app, "parade", seats, seed=6)
    run_until(app, scene.my_turn)
    state, deck = session.state, session.state.deck
    red = deck.colour_ids.index("red")
    played = deck.card(red, 0)  # Red 0 takes every Red and 0 in the parade: the head's Reds only
    reds = [deck.card(red, v) for v in range(1, count + 1)]
    others = [c for c in range(deck.size) if deck.colour_of(c) != red and deck.value_of(c) > 0
              and c not in state.hands[0]]
    rest = others[:10 - count]
    used = set(reds) | set(rest) | {played}
    for pile in [state.draw_pile] + state.hands:
        pile[:] = [c for c in pile if c not in used]
    state.collections = [() for _ in state.collections]
    state.parade = (*reds, *rest)
    state.hands[1][0] = played
    state.turn = 1
    scene._reset_view()  # the table shows the arranged state, nothing marked
    assert rules.cards_taken(deck, state.parade, played) == reds
    return session, scene, played, reds


def _frames(app, scene, seen: list, limit: int = 600) -> None:
    """Step frames while the move plays, noting (motion, path, drawn rects, shown parade) each frame."""
    drawn = scene._draw_motion
    scene._draw_motion = lambda surface: (scene.timeline and seen.append(
        ([(b.motion, list(b.path), q) for b, q in scene.timeline.now()], tuple(scene.display.parade),
         frozenset(scene.hidden)))) or drawn(surface)
    for _ in range(limit):
        if not scene.timeline:
            break
        step(app)
    scene._draw_motion = drawn


def test_a_bots_card_travels_to_the_tail_turns_over_and_the_taken_cards_slide_to_its_piles(app):
    session, scene, played, reds = _arranged(app, [Seat("Ann"), Seat("Bob", BOT)])
    before = tuple(session.state.parade)
    scene.apply(("play", played))  # as Bob's thinking ends
    assert scene.timeline and scene.timeline.pace == 1.0, "another's move plays at the bot pace"
    seen: list = []
    _frames(app, scene, seen)
    motions = [[m for m, _, _ in beats] for beats, _, _ in seen]
    first = seen[0][0][0]
    assert first[0] == "travel" and first[1] == [f"held:1:{played}", "row:next"]
    assert ["flip"] in motions, "Bob's hidden card turns over where it lands"
    travelling = [parade for beats, parade, _ in seen if beats[0][0] in ("travel", "flip") and len(beats) == 1
                  and beats[0][1][-1] == "row:next"]
    assert travelling and all(parade == before for parade in travelling), "the parade waits for the card"
    slides = [beats for beats, _, _ in seen if len(beats) == len(reds)]
    assert slides, "the taken cards go together"
    assert [path for _, path, _ in slides[0]] == [[f"row:{c}", f"collection:{c}"] for c in reds]
    assert slides[0][0][2] > slides[0][-1][2], "one after another"
    sliding = [hidden for beats, _, hidden in seen if len(beats) == len(reds)]
    assert all(set(reds) <= hidden for hidden in sliding), "a card in the air is not drawn where it lands"
    assert not scene.timeline and scene.display.parade == session.state.parade
    assert set(reds) <= set(scene.display.collections[1]) and not scene.hidden
    assert scene.marks == [f"row:{played}"] + [f"taken:{c}" for c in reds]
    box = scene.layout.seats[1].rect
    rects = scene.mark_rects()
    assert len(rects) == 1 + len(reds) and all(box.contains(r) for r in rects[1:]), "marked in Bob's piles"


def test_the_scores_and_counts_change_as_the_taken_cards_land(app):
    """The seat's score and the live panel's counts changed as the taken cards set off (QA):
    they count a card once it has landed in the piles."""
    session, scene, played, reds = _arranged(app, [Seat("Ann"), Seat("Bob", BOT)])
    deck = session.state.deck
    scene.apply(("play", played))
    after = rules.scores_now(deck, session.state.collections)[1]
    assert after != 0
    readouts = []
    for _ in range(600):
        if not scene.timeline:
            break
        keys = {name: key for name, key, _ in scene._parts()}
        sliding = len(scene.timeline.now()) == len(reds)
        readouts.append((sliding, keys[("seat", 1)][-1], keys["live"][1][1]))
        step(app)
    slides = [(score, piles) for sliding, score, piles in readouts if sliding]
    assert slides and all(score == 0 and piles == () for score, piles in slides), "nothing counts in the air"
    keys = {name: key for name, key, _ in scene._parts()}
    assert keys[("seat", 1)][-1] == after and set(keys["live"][1][1]) == set(reds), "counted once landed"


def test_the_card_leaves_from_the_hand_count_and_lands_on_the_tail(app):
    session, scene, played, reds = _arranged(app, [Seat("Ann"), Seat("Bob", BOT)])
    start = scene.target_rect("held:1:0")
    slot = scene.target_rect("row:next")
    scene.apply(("play", played))
    beat = scene.timeline.groups[0][0]
    scene.timeline.time = 0.0
    at_start = scene._draw_motion(app.screen)[0]
    scene.timeline.time = beat.duration - 1e-6
    at_end = scene._draw_motion(app.screen)[0]
    assert at_start.collidepoint(start.center) and at_start.width <= start.width + 1, "small, from the small back"
    assert abs(at_end.centerx - slot.centerx) <= 2 and abs(at_end.width - slot.width) <= 2, "a parade card at the tail"


def test_ones_own_play_travels_face_up_from_its_place_in_the_hand_and_is_not_marked(app):
    session, scene = testing.open_table(app, "parade", [Seat("Ann"), Seat("Bob", BOT)], seed=3)
    run_until(app, scene.my_turn)
    card, rect = scene.hand_rects()[1]
    click(app, rect.center)
    click(app, dict(scene.hand_rects())[card].center)
    assert session.actions[-1] == ("play", card)
    beat = scene.timeline.groups[0][0]
    assert beat.motion == "travel" and beat.path[0] == f"held:0:{card}"
    assert scene.target_rect(beat.path[0]).center == rect.center, "from where it lay in the hand"
    assert beat.sprite is scene.card_sprite(card), "face up: its owner knows it"
    assert all(b.motion != "flip" for g in scene.timeline.groups for b in g if b.path[-1] == "row:next")
    assert scene.timeline.pace > 1 and scene.marks == []
    assert card in scene.hidden and card in scene.display.hands[0], "its place stays empty while it travels"


def test_the_header_seats_and_panels_agree_whose_turn_it_is_through_three_bots(app, monkeypatch):
    """Ann and three bots: each frame the table has finished painting, the seat lit, the live
    panel's lit row, the name in the header and the one the info panel waits for are the same
    player — the mover while their move plays, then the next."""
    names = ["Ann", "Bob", "Cy", "Di"]
    session, scene = testing.open_table(app, "parade", [Seat("Ann")] + [Seat(n, BOT) for n in names[1:]], seed=8)
    lit: dict = {}
    seat_paint, live_paint = scene_module.draw_seat, scene_module.draw_live
    monkeypatch.setattr(scene_module, "draw_seat", lambda *a, current, **k: (
        lit.__setitem__(("seat", a[3]), current), seat_paint(*a, current=current, **k)))
    monkeypatch.setattr(scene_module, "draw_live", lambda *a, **k: (lit.__setitem__("live", a[4]), live_paint(*a, **k)))
    waits: list = []
    real = scene._shrunk_to_fit
    monkeypatch.setattr(scene, "_shrunk_to_fit", lambda lines, *a: (waits.clear(), waits.extend(
        t for t, *_ in lines)) and real(lines, *a))
    scene._frame = None
    rng = random.Random(2)
    checked = moving = 0
    for _ in range(3):  # three rounds of three bots in a row
        run_until(app, scene.my_turn)
        scene.apply(rng.choice(session.state.legal_actions()))
        for _ in range(3000):
            step(app)
            if scene.my_turn():
                break
            if scene.dirty or session.state.is_over():
                continue
            seat = scene.turn_seat()
            lit_seats = [i for i in range(4) if lit.get(("seat", i))]
            assert lit_seats == [seat] and lit["live"] == seat, (lit_seats, lit["live"], seat)
            assert names[seat] in scene._status()
            if seat != 0:
                assert app.t("parade.hint.wait", name=names[seat]) in waits
            checked += 1
            moving += bool(scene.timeline)
    assert checked > 100 and moving > 50


def test_undo_a_load_and_a_replay_jump_show_no_motion_but_a_replay_step_does(app, user_dirs):
    from wonderland_games.core.session import Session
    from wonderland_games.games.parade.scene import ParadeScene

    session, scene = testing.open_table(app, "parade", [Seat("Ann"), Seat("Bob", BOT)], seed=8)
    app.settings.bot_think_seconds, app.settings.fast_forward = 0.0, True
    while not (scene.my_turn() and session.state.phase == rules.FINAL):  # no draws: Undo may go back
        if scene.my_turn():
            scene.apply(session.state.legal_actions()[0])
        step(app)
    app.settings.fast_forward = False
    scene.apply(session.state.legal_actions()[0])
    run_until(app, lambda: scene.my_turn() or session.state.is_over())
    assert scene.marks and session.actors[-1] == 1, "Bob's move is marked"
    assert scene.can_undo()
    scene.undo()
    assert not scene.timeline and not scene.marks and scene.display.parade == session.state.parade
    loaded = ParadeScene(app, Session.from_save(session.to_save(), autosave=False))
    app.push(loaded)
    step(app)
    assert not loaded.timeline and not loaded.marks and not loaded.hidden
    record = testing.random_record("parade", seed=4, players=3)
    replay = ParadeScene(app, replay=record)
    app.push(replay)
    step(app)
    replay.replay_goto(5)
    assert not replay.timeline and not replay.marks
    replay.replay_next()
    assert replay.timeline, "a step forward plays"
    assert replay.timeline.groups[0][0].sprite is not None
    replay.replay_prev()
    assert not replay.timeline and replay.display.parade == replay.state.parade


def test_the_last_keep_sends_every_kept_card_to_its_piles_and_turns_the_hidden_ones_over(app):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cy")]  # hot seat: no hand is on show here
    session, scene = testing.open_table(app, "parade", seats, seed=5)
    app.settings.fast_forward = True
    rng = random.Random(5)
    while True:
        state = session.state
        if state.phase == rules.KEEP and sum(k is None for k in state.kept) == 1:
            break
        scene.apply(rng.choice(state.legal_actions()))
        scene._finish_timeline()
    app.settings.fast_forward = False
    scene.apply(session.state.legal_actions()[0])
    kept = [c for pair in session.state.kept for c in pair]
    groups = scene.timeline.groups
    travels = [b for g in groups for b in g if b.motion == "travel"]
    flips = [b for g in groups for b in g if b.motion == "flip"]
    assert [b.path[-1] for b in travels] == [f"collection:{c}" for c in kept]
    assert [b.path for b in flips] == [[f"collection:{c}"] for c in kept], "all hidden till now"
    while scene.timeline:
        for beat, _ in scene.timeline.now():
            assert all(scene.target_rect(p) is not None for p in beat.path)
        scene.timeline.advance(scene.timeline.length(scene.timeline.groups[0]))
    assert scene.display.collections == session.state.collections


def test_the_take_and_the_draw_sound_as_they_move_but_not_all_at_once_when_a_click_cuts_the_move(app, monkeypatch):
    heard: list = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    session, scene, played, reds = _arranged(app, [Seat("Ann"), Seat("Bob", BOT)])
    scene.apply(("play", played))
    _frames(app, scene, [])
    assert heard[-2:] == ["take", "draw"], heard
    session, scene, played, reds = _arranged(app, [Seat("Ann"), Seat("Bob", BOT)])
    heard.clear()
    scene.apply(("play", played))
    step(app, 3)
    click(app, (5, 5))
    assert not scene.timeline and "take" not in heard and "draw" not in heard, heard


def test_the_status_line_says_what_a_play_took_only_once_the_taken_cards_have_landed(app):
    session, scene, played, reds = _arranged(app, [Seat("Ann"), Seat("Bob", BOT)])
    scene.apply(("play", played))  # as Bob's thinking ends
    seen = []
    while scene.timeline:
        piles = set(scene.display.collections[1]) - scene.hidden
        seen.append((set(reds) <= piles, scene._status()))
        step(app)
    full = [text for text, kind in scene.log.entries if kind == "take"][-1]  # "Bob plays Red 0 → takes …"
    before = [text for down, text in seen if not down]
    after = [text for down, text in seen if down]
    assert before and after, "the move was seen both before and after its take landed"
    assert all(text == app.t("parade.status.plays", name="Bob", card=scene_module.card_name(app, scene.deck, played))
               for text in before), "who plays what, nothing of the take while the cards are still on their way"
    assert all(text == full for text in after), "the take, as the log tells it, once it has landed"
