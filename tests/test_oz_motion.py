"""Lost in Oz in motion (ui/motion.py, data/oz/motion.yaml), driven through the real table:
a walk goes cell by cell and each piece lands when its beat ends, the rolled dice tumble in
their slots, the header, the players panel and the turn panel speak of the same player while
bots move, and undo and replay jumps show no motion."""

from __future__ import annotations

import random

import pygame

import pytest

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.scene import OzScene
from wonderland_games.ui.motion import Timeline
from wonderland_games.ui.testing import click, random_record, step


@pytest.fixture
def app(paced_app):
    return paced_app


def start(app, seats, seed=11):
    session = Session.new("oz", seats, seed=seed, autosave=False)
    scene = OzScene(app, session)
    app.push(scene)
    step(app, 2)
    return session, scene


def watch(scene) -> list:
    """Every beat the table adds to its timeline, as it adds it."""
    seen: list = []
    add = scene.timeline.add
    scene.timeline.add = lambda beat: (seen.append(beat), add(beat))
    return seen


def test_a_walk_goes_cell_by_cell_and_the_dice_tumble_in_their_slots(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=5)
    seen = watch(scene)
    rng = random.Random(2)
    walks = rolls = 0
    while not (walks and rolls):
        assert len(session.actions) < 400, "no walk and roll in a whole round"
        if scene.my_turn():
            state = session.state
            if state.phase == rules.ACTION:
                click(app, scene.buttons["go"].rect.center)
            else:
                scene.apply(rng.choice(state.legal_actions()))
        seen.clear()
        before = session.state.clone()
        count = len(session.actions)
        step(app)
        if len(session.actions) == count or not scene.timeline:
            continue
        events = before.apply(session.actions[-1])  # the move just made, as the engine told it
        steps = [e for e in events if e["type"] == "step" and e["to"] is not None]
        walked = [b for b in seen if b.motion == "walk"]
        if steps:
            assert [b.path for b in walked] == [[f"cell:{s['from'][0]},{s['from'][1]}",
                                                  f"cell:{s['to'][0]},{s['to'][1]}"] for s in steps]
            seat = steps[0]["seat"]
            while scene.timeline and scene.timeline.groups[0][0] is not walked[0]:
                scene.timeline.advance(Timeline.length(scene.timeline.groups[0]))
            assert ("token", seat) in scene._moving(), "the walking token is not drawn twice"
            assert scene.display.tokens[seat] == tuple(steps[0]["from"]), "it lands when its walk ends"
            scene.timeline.advance(Timeline.length(scene.timeline.groups[0]))
            assert scene.display.tokens[seat] == tuple(steps[0]["to"])
            walks += 1
        roll = next((e for e in events if e["type"] == "roll"), None)
        if roll is not None:
            tumbles = [b for b in seen if b.motion == "tumble"]
            n = len(roll["dir_dice"])
            assert sorted(p for b in tumbles for p in b.path) == sorted(
                [f"direction_die:{i}" for i in range(n)] + [f"action_die:{i}" for i in range(n)])
            while scene.timeline and scene.timeline.groups[0][0] is not tumbles[0]:
                scene.timeline.advance(Timeline.length(scene.timeline.groups[0]))
            assert scene.display.dir_dice == roll["dir_dice"], "the dice are in the turn panel as they tumble"
            assert all(scene.target_rect(p) is not None for b in tumbles for p in b.path)
            assert ("dice", 0) in scene._moving(), "their slots stay empty while they tumble"
            assert len(scene.timeline.groups[0]) == 2 * n, "the dice tumble together"
            rolls += 1
        scene._finish_timeline()
    assert scene.display.to_dict() == session.state.to_dict()


def _shown_turn(scene):
    """(the header, the seat the players panel lights, the turn panel's lines) as drawn now."""
    keys = {name: key for name, key, _ in scene._parts()}
    return keys["status"], keys["players"][-1], [line[0] for line in scene._hint_lines()]


def test_header_players_panel_and_turn_panel_agree_while_three_bots_move(app):
    seats = [Seat("Ann"), Seat("Bo", BOT), Seat("Cy", BOT), Seat("Di", BOT)]
    session, scene = start(app, seats, seed=3)
    app.settings.bot_think_seconds = 0.0
    rng = random.Random(5)
    moving = 0
    while session.state.round < 2 and not session.state.is_over():
        assert len(session.actions) < 600
        if scene.my_turn():
            scene.apply(rng.choice(session.state.legal_actions()))
        step(app)
        header, lit, lines = _shown_turn(scene)
        assert lit is not None, "no row is lit while a move plays"
        name = seats[lit].name
        assert name in header, f"the header {header!r} speaks of another than the lit row ({name})"
        if scene.timeline:
            moving += 1
        if lines and lit != 0:
            assert name in lines[0], f"the turn panel {lines[0]!r} waits for another than {name}"
    assert moving > 30, "bots' moves were seen playing"


def test_undo_and_replay_jumps_show_no_motion_but_a_replay_step_plays(app):
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=6)
    while not (scene.my_turn() and session.state.phase == rules.DRAFT_DIR):
        if scene.my_turn():
            scene.apply(session.state.legal_actions()[0])
        step(app)
    scene.apply(session.state.legal_actions()[0])
    assert scene.timeline, "the pick moves"
    scene._finish_timeline()
    click(app, scene.buttons["undo"].rect.center)
    assert not scene.timeline and not scene.marks
    assert scene.display.to_dict() == session.state.to_dict()

    record = random_record("oz")
    replay = OzScene(app, None, replay=record)
    app.push(replay)
    step(app)
    replay.replay_next()
    replay.replay_next()
    assert replay.timeline, "a step forward plays as it was played"
    replay.replay_goto(12)
    assert not replay.timeline and not replay.marks
    assert replay.display.to_dict() == replay.state.to_dict()
    replay.replay_prev()
    assert not replay.timeline and replay.display.to_dict() == replay.state.to_dict()


def test_a_mark_reads_on_the_cream_players_panel(app):
    """Gold alone on Oz's cream panels all but vanished (a bot's discard marked its row, seen at
    1280x800): a thin dark edge runs each side of the gold."""
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=4)
    while not (scene.my_turn() and scene.marks):
        assert len(session.actions) < 40
        if scene.my_turn():
            scene.apply(session.state.legal_actions()[0])
        step(app)
    row = scene.target_rect("player:1")
    assert scene.marks == ["player:1"], "the bot's discard marks its row"
    step(app)
    s = scene.layout.s
    panel = app.screen.get_at((row.centerx, row.bottom - 1))[:3]
    outward = [app.screen.get_at((x, row.centery))[:3] for x in range(row.right, row.right + int(14 * s))]
    assert sum(panel) > 600 and any(sum(c) < sum(panel) - 200 for c in outward), (panel, outward)


def test_a_cast_card_flips_open_over_the_board_and_a_discard_turns_face_up(app):
    """What the cards look like in motion: the card itself, not a glowing dot (the ids were looked
    up among the card objects, so neither was ever found)."""
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=4)
    seen = watch(scene)
    card = session.state.hands[0][0]
    scene.apply(("discard", card))
    (flip,) = [b for b in seen if b.motion == "flip"]
    assert flip.path == ["shown_by:0"] and flip.back.get_size() == flip.sprite.get_size()
    shown = scene.target_rect("shown_by:0")
    assert shown.size == flip.sprite.get_size() and shown.top >= scene.layout.top.bottom, "clear of the top bar"
    assert flip.sprite.get_width() > scene.layout.players.width // 3, "the card, readable"
    spells = session.state.cards
    boost = next(c for c in spells.spell_ids if spells[c].kind == "boost")
    beats = scene.motion_beats({"type": "spell", "seat": 1, "card": boost, "kind": "boost", "points": [3, 5]})
    assert beats[0].motion == "flip" and beats[0].path == ["region:board"]
    assert beats[0].sprite.get_size() == scene._flash_card(boost).get_size()
    assert beats[1].motion == "pulse" and beats[1].text == "+2"


def test_a_taken_die_travels_to_its_place_in_the_takers_row(app):
    """It went to the middle of the row, over the name, and came out there as large as in the
    draft (seen with reduced motion at 1920x1080); now it lands where the row shows it."""
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=6)
    while not (scene.my_turn() and session.state.phase == rules.DRAFT_DIR):
        if scene.my_turn():
            scene.apply(session.state.legal_actions()[0])
        step(app)
    scene._finish_timeline()
    seen = watch(scene)
    scene.apply(session.state.legal_actions()[0])
    (travel,) = [b for b in seen if b.motion == "travel"]
    goal = scene.target_rect(travel.path[-1])
    assert travel.sprite.get_size() == goal.size
    scene._finish_timeline()
    assert scene.target_rect("row_die:0,direction") == goal


def test_the_wizard_flies_to_where_its_takers_row_shows_it(app):
    """Not to the middle of the row, over the taker's name."""
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=4)
    scene.display.wizard = (2, 2)
    beats = scene.motion_beats({"type": "wizard", "seat": 1, "taken": True, "from_seat": 0, "points": 1})
    goal, row = scene.target_rect(beats[-1].path[-1]), scene.target_rect("player:1")
    assert row.contains(goal) and goal.left > row.centerx
    for change in beats[-1].done:
        change()
    assert scene.display.wizard_holder == 1 and scene.target_rect("wizard_slot:1") == goal


def test_a_gain_rises_where_a_gem_was_found_and_over_a_changed_points_total(app):
    """A pulse drew no gain: the Wizard's +1 and a gem's +2 were never seen; the gem's +2 also rose
    from its score into the row above, as if another player had scored."""
    import pygame

    from wonderland_games.ui import theme
    from wonderland_games.ui.motion import draw_beat

    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=4)
    scene.display.gems["red"], scene.display.tokens[1] = (3, 3), (3, 3)
    gem = {"type": "gem", "seat": 1, "colour": "red", "points": 2, "to": (0, 0)}
    adjust = {"type": "adjust", "seat": 1, "points": [3, 4]}
    for event, text, where in ((gem, "+2", "token:1"), (adjust, "+1", None)):
        (beat,) = [b for b in scene.motion_beats(event) if b.text]
        assert beat.motion == "pulse" and beat.text == text and (where is None or beat.path == [where])
        surface = pygame.Surface(app.screen.get_size())
        font = app.font(20, bold=True)
        draw_beat(surface, beat, 0.3, scene.target_rect, scene.layout.s, False, font)
        spot = scene.target_rect(beat.path[-1])
        above = pygame.Rect(spot.left - 40, spot.top - 60, spot.width + 80, spot.height + 60).clip(surface.get_rect())
        lit = [surface.get_at((x, y))[:3] for x in range(above.left, above.right, 2)
               for y in range(above.top, above.bottom, 2)]
        assert any(abs(c[0] - theme.GOLD_LIGHT[0]) < 20 and abs(c[2] - theme.GOLD_LIGHT[2]) < 30 and c[1] > 150
                   for c in lit), f"no {text} drawn"


def test_no_gain_rises_from_a_players_row_into_the_row_above(app):
    """A gain drawn at a row rose into the row above it, as if that player had won it (a book's
    "+1" card over Ann's row when Bo drew, the Wizard's "+1")."""
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=4)
    scene.display.wizard = scene.display.tokens[1] = (3, 3)
    events = [{"type": "draw", "seat": 1, "cards": [5], "source": "cell:1,1"},
              {"type": "wizard", "seat": 1, "taken": True, "from_seat": 0, "points": 1}]
    rows = scene.target_rect("region:players")
    for event in events:
        texts = [b for b in scene.motion_beats(event) if b.text]
        assert all(not rows.colliderect(scene.target_rect(b.path[-1])) for b in texts), event["type"]
    assert [b.text for b in scene.motion_beats(events[1]) if b.text] == ["+1"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_score_mark_hugs_the_score_and_leaves_the_hand_count_readable(app, size):
    """A found gem marks its finder's score: the ring went round the width kept for the number and
    sat on the "×4" of the hand count beside it (QA). It goes round the number drawn."""
    import pygame

    from wonderland_games.games.oz import panels
    from wonderland_games.ui.motion import draw_marks
    from wonderland_games.ui.text import fit_line

    pygame.display.set_mode(size)
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT), Seat("Cy", BOT)], seed=4)
    scene._ensure_layout(size)
    lay, d = scene.layout, scene.display
    for seat in range(3):
        d.scores[seat] = [7, 12, 0][seat]
        d.hands[seat] = list(session.state.cards.spell_ids)[:4]
        row = panels.player_rows(lay.players, 3, lay.s)[seat]
        marks = panels._Marks(scene.art, row, lay.s)
        back_h = int(row.height * 0.42)
        back_w = int(back_h / 0.63)
        place = marks.count(row).inflate(-back_w, 0).move(back_w // 2 + panels.px(2, lay.s), 0)
        font, _ = fit_line(app.fonts, "×4", place.width, place.height, back_h, True)
        count = pygame.Rect(place.left, 0, font.size("×4")[0], 1)
        count.centery = row.centery
        (ring,) = draw_marks(pygame.Surface(size), [scene.target_rect(f"score:{seat}")], lay.s)
        digits = pygame.Rect(0, 0, font.size(str(d.scores[seat]))[0], 1)
        digits.midright = marks.score(row).midright
        assert ring.left > count.right, f"the mark of seat {seat}'s score reaches over its hand count"
        assert ring.contains(digits), "it goes round the score"


def _name_rects(scene) -> list:
    """Where each player's name is written in its row."""
    import pygame

    from wonderland_games.games.oz import panels

    lay, out = scene.layout, []
    rows = panels.player_rows(lay.players, len(scene.seats), lay.s)
    for seat, row in enumerate(rows):
        x = panels._Marks(scene.art, row, lay.s).name_left(row)
        font = scene.app.fonts.get(panels._name_size(row, lay.s), True)
        out.append(pygame.Rect(x, row.top, font.size(scene.seats[seat].name)[0], row.height))
    return out


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_discard_and_the_wizard_leave_the_players_names_readable(app, size):
    """A discarded card turned face up over its owner's row, and the board's big Wizard flew
    straight over the rows to its taker's: both covered the players' names (QA). Every frame of
    both leaves every name clear."""
    import pygame

    pygame.display.set_mode(size)
    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT), Seat("Cy", BOT), Seat("Di", BOT)], seed=4)
    scene._ensure_layout(size)
    scene.display.wizard = (1, 5)
    names = _name_rects(scene)
    card = session.state.hands[2][0]
    for event in ({"type": "discard", "seat": 2, "card": card},
                  {"type": "wizard", "seat": 3, "taken": True, "from_seat": None, "points": 1}):
        scene.marks = []
        scene.timeline.finish()
        for beat in scene.motion_beats(event):
            scene.timeline.add(beat)
        frames = 0
        while scene.timeline:
            frame = pygame.Surface(size)
            for rect in scene._draw_motion(frame):
                hit = rect.collidelist(names)
                assert hit < 0, f"{event['type']} covers {scene.seats[hit].name}'s name"
            scene.timeline.advance(1 / 60)
            frames += 1
        assert frames > 10


def test_a_bots_walk_is_marked_in_a_shape_the_path_preview_never_has(app):
    """The cells a bot walked were outlined in the same gold as your own path preview (QA): they
    show footprints under the pieces, and no gold outline is drawn over the board for them."""
    import pygame

    session, scene = start(app, [Seat("Ann"), Seat("Bo", BOT)], seed=5)
    rng = random.Random(3)
    while not (scene.my_turn() and any(m.split(":")[0] in ("walked", "cell") for m in scene.marks)):
        assert len(session.actions) < 400, "the bot never walked"
        if scene.my_turn():
            scene.apply(rng.choice(session.state.legal_actions()))
        step(app)
    board = scene.layout.board
    assert not [r for r in scene.mark_rects() if r.colliderect(board)], "no outline over the board's cells"
    walked = [m for m in scene.marks if m.startswith("walked:")]
    cells = scene._board_marks()[0]
    assert len(cells) == len(set(walked)) > 0
    scene._frame = None
    scene.draw(app.screen)
    marked = app.screen.copy()
    scene.marks = []
    scene._frame = None
    scene.draw(app.screen)
    lay = scene.layout
    for x, y in cells:
        r = lay.cell_rect(x, y)
        corner = pygame.Rect(r.left, r.bottom - r.height // 3, r.width // 3, r.height // 3)
        prints = sum(marked.get_at(p)[:3] == (90, 60, 10) for p in
                     ((cx, cy) for cx in range(corner.left, corner.right) for cy in range(corner.top, corner.bottom)))
        bare = sum(app.screen.get_at(p)[:3] == (90, 60, 10) for p in
                   ((cx, cy) for cx in range(corner.left, corner.right) for cy in range(corner.top, corner.bottom)))
        assert prints > bare + 10, f"footprints in the corner of {(x, y)}"


def test_with_a_bot_between_two_people_the_hand_over_speaks_of_the_bots_move(app):
    """Ann, the bot Bo and Cy: after Cy's move Bo plays, and the Done that then passes the device
    to Ann said "Your move is made" (Cy's move was long over). It names Bo; Done brings Ann's
    curtain, and behind it the header and the hand are hers."""
    from wonderland_games.core.game import Seat as S
    from wonderland_games.scenes.curtain import CurtainScene
    from wonderland_games.ui.testing import key

    session, scene = start(app, [S("Ann"), S("Bo", BOT, "random"), S("Cy")], seed=3)
    rng = random.Random(1)
    seen = 0
    for _ in range(3000):
        if isinstance(app.top, CurtainScene):
            click(app, app.top.button.rect.center)
            continue
        if scene.done_button.visible:
            nxt = scene.handoff_to
            if scene.mover == 1:  # the bot moved after the one holding the device
                holder = scene.viewer
                status = scene._status()
                assert "Bo" in status and status != app.t("handoff.status", next=session.seats[nxt].name)
                assert scene._waiting_lines("oz.status.over", "oz.hint.wait")[0][0] == app.t(
                    "oz.hint.handoff_after", name="Bo", next=session.seats[nxt].name)
                key(app, pygame.K_RETURN)  # Done, by its key
                assert isinstance(app.top, CurtainScene) and session.seats[nxt].name in app.top.name
                click(app, app.top.button.rect.center)
                assert scene.viewer == nxt != holder and scene._hand_owner()[0] == nxt
                assert session.seats[nxt].name in scene._status() and "Bo" not in scene._status()
                seen += 1
                if seen == 2:
                    return
            else:
                click(app, scene.done_button.rect.center)
            continue
        if scene.my_turn():
            scene.apply(rng.choice(session.state.legal_actions()))
        step(app)
    raise AssertionError("the bot never played between the two people")
