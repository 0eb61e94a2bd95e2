"""World Voyage in motion, at a real paced table (ui/motion.py, data/voyage/motion.yaml):
a traveller walks its route city by city (off one edge of the map and in at the other over
the Pacific), a visit's points reach the score before the score counts them, the next
destination turns face up, the header, the rows and the ring agree on whose turn it is,
and undo or a replay jump show no motion. The walker is found on the screen by its colour."""

import random

import pygame
import pytest
from events_seen import emitted

from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.voyage import rules
from wonderland_games.games.voyage.cards import FLY
from wonderland_games.games.voyage.map_view import rgb_of
from wonderland_games.games.voyage.moving import standing
from wonderland_games.games.voyage.panels import PAWNS
from wonderland_games.games.voyage.scene import VoyageScene
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.ui import motion
from wonderland_games.ui.theme import px
from wonderland_games.ui.testing import click, key, random_record, run_until, step


class Scripted:
    """A bot that plays what `pick(state, legal)` picks (it sees the real state: a test's bot)."""

    def __init__(self, session, pick):
        self.session, self.pick = session, pick

    def choose(self, view, legal, rng, budget=None):
        return self.pick(self.session.state, legal)


def table(app, seats, seed=11, at=None, pick=None):
    """A table whose first traveller to move starts at `at` (a city) and whose bots play `pick`."""
    session = Session.new("voyage", seats, seed=seed, autosave=False)
    if at is not None:
        session.state.positions[session.state.current] = at
    scene = VoyageScene(app, session)
    for seat, who in enumerate(seats):
        if who.is_bot and pick is not None:
            scene.bots[seat] = Scripted(session, pick)
    app.push(scene)
    step(app)
    return session, scene


def walker(app, scene, seat):
    """(centre, pixel count) of the seat's colour on the map, or None where it is not drawn."""
    area = scene.layout.map
    mask = pygame.mask.from_threshold(app.screen.subsurface(area), PAWNS[seat], (1, 1, 1, 255))
    count = mask.count()
    return None if not count else ((area.left + mask.centroid()[0], area.top + mask.centroid()[1]), count)


def painted(seat, size):
    """(pixels of its colour, their centre's offset from its feet) of a traveller as it walks."""
    img = standing(seat, size)
    mask = pygame.mask.from_threshold(img, PAWNS[seat], (1, 1, 1, 255))
    (x, y), (w, h) = mask.centroid(), img.get_size()
    return mask.count(), (x - w // 2, y - h // 2)


def watch(app, scene, seat, until, seconds=20.0):
    """The walker's places frame by frame while a move plays, until `until()` holds."""
    seen, t = [], 0.0
    while not until():
        step(app)
        t += 1 / 60
        assert t < seconds, "the move never ended"
        if scene.timeline:
            seen.append(walker(app, scene, seat))
    return seen


def longest_walk(state, legal):
    """The move with the most steps (a plain card), else the end of the turn."""
    seat, world = state.current, state.world
    moves = [a for a in legal if a[0] == "move" and state.cards.itineraries[a[1]].kind != FLY]
    if not moves:
        return rules.END
    return max(moves, key=lambda a: (len(world.shortest_path(state.positions[seat], a[2])), a))


def near(point, target, reach) -> bool:
    return point is not None and abs(point[0] - target[0]) <= reach and abs(point[1] - target[1]) <= reach


def test_every_kind_the_engine_emits_moves_here_when_its_entry_says_so(paced_app):
    """One event of each kind from seeded games (a reward's or a refill's city is the table's to
    find): each with a moving entry has beats at a table, and its marks are named."""
    session, scene = table(paced_app, [Seat("B1", BOT), Seat("B2", BOT)])
    for kind, event in sorted(emitted("voyage").items()):
        if motion.entry_for("voyage", event) is not None:
            assert scene.motion_beats(event), f"{kind} has a motion but no beats: {event}"
            assert scene.motion_marks(event) or kind in ("turn", "round_end"), f"{kind} marks nothing"


def test_a_bots_traveller_walks_every_city_of_its_route_and_stands_there_only_then(paced_app):
    app = paced_app
    session, scene = table(app, [Seat("B1", BOT), Seat("B2", BOT)], seed=11, pick=longest_walk)
    mover = session.state.current
    here = session.state.positions[mover]
    seen = watch(app, scene, mover, lambda: len(session.actions) >= 1 and not scene.timeline)
    move = session.actions[0]
    path = session.state.world.shortest_path(here, move[2])
    assert len(path) >= 4, f"seed 11 gives a walk of three routes or more, not {path}"
    size = scene.pawn_size()
    one, lift = painted(mover, size)
    centre = [scene.map_view.city_px(scene.layout.map, c) for c in path]
    frames = [next((i for i, w in enumerate(seen) if w and near(w[0], (x + lift[0], y + lift[1]), size // 3)), None)
              for x, y in centre]
    assert None not in frames, f"the traveller passed no closer than a third of itself to {path}"
    assert frames == sorted(frames), "city after city, in the route's order"
    assert all(w is None or w[1] <= one for w in seen), "only the one on its way: not also where it started or ends"
    legs = [(b - a) / 60 for a, b in zip(frames, frames[1:])]
    assert min(legs) >= 0.3, f"each route takes a moment a person can follow at the bot pace: {legs}"
    assert scene.marks == [f"city:{c}" for c in path], "the cities walked stay marked"


def test_a_walk_over_the_pacific_leaves_by_one_edge_and_comes_in_by_the_other(paced_app):
    app = paced_app

    def over(state, legal):  # Fujiyoshida, San Francisco and on
        return next(a for a in legal if a[0] == "move" and state.cards.itineraries[a[1]].kind != FLY and
                    state.world.shortest_path(state.positions[state.current], a[2])[1:2] == ["san_francisco"])

    session, scene = table(app, [Seat("B1", BOT), Seat("B2", BOT)], seed=11, at="fujiyoshida", pick=over)
    mover = session.state.current
    seen = [w for w in watch(app, scene, mover, lambda: len(session.actions) >= 1 and not scene.timeline) if w]
    area, size = scene.layout.map, scene.pawn_size()
    east = scene.map_view.city_px(area, "fujiyoshida")[0]
    west = scene.map_view.city_px(area, "san_francisco")[0]
    xs = [w[0][0] for w in seen]
    assert not [x for x in xs if west + size < x < east - size], "never across the map: over the edge"
    assert max(xs) >= area.right - size and min(xs) <= area.left + size, "out at the east edge, in at the west"
    assert xs.index(max(xs)) < xs.index(min(xs)), "east first: it goes from Japan to America"


def test_a_visit_reaches_the_score_before_it_counts_and_the_next_destination_turns_up(paced_app):
    app = paced_app
    probe = Session.new("voyage", [Seat("B1", BOT), Seat("B2", BOT)], seed=4, autosave=False).state
    dest = probe.display[0]
    city = probe.cards.destinations[dest].city

    def visit(state, legal):
        return next((a for a in legal if a[0] == "visit" and a[2] == "money"), rules.END)

    session, scene = table(app, [Seat("B1", BOT), Seat("B2", BOT)], seed=4, at=city, pick=visit)
    mover = session.state.current
    before = session.state.scores()[mover]
    run_until(app, lambda: len(session.actions) >= 1, seconds=10)
    state = session.state
    assert state.visited[mover] == [dest]
    new = state.display[0]
    flying = lambda: any(b.motion == "fly" and b.path[-1] == f"score:{mover}" for b, _ in scene.timeline.now())
    band = scene.layout.display_slots()[0].move(px(3, scene.layout.s), 0).midleft  # its colour's band
    colour = rgb_of(state.cards.colours[state.cards.destinations[new].colour].rgb)
    assert flying() and shows(scene, "players")[1][mover] == before, "the score waits for its points"
    assert whole_frame(app, scene).get_at(band)[:3] != colour, "the next destination is not on show yet"
    run_until(app, lambda: not flying(), seconds=5)
    assert shows(scene, "players")[1][mover] == state.scores()[mover] > before, "they count once they are there"
    run_until(app, lambda: not scene.timeline, seconds=5)
    assert whole_frame(app, scene).get_at(band)[:3] == colour, "the new destination lies face up"
    assert {f"city:{city}", f"score:{mover}", f"dest:{new}"} <= set(scene.marks)


def shows(scene, region):
    """The key of what `region` shows now (all it paints from)."""
    return next(k for name, k, _ in scene._parts() if name == region)


def whole_frame(app, scene):
    """The table drawn whole, every region painted afresh (a long repaint may leave one for a frame)."""
    scene._frame = None
    scene.draw(app.screen)
    return app.screen


def test_a_visits_points_ride_on_the_landmark_to_the_score(paced_app):
    """The "+3" goes with the card that brings it: waiting over the score from the start, at
    1024x640 a gain for one traveller sat on the row above, another's."""
    session, scene = table(paced_app, [Seat("B1", BOT), Seat("B2", BOT)])
    dest = session.state.display[0]
    city = session.state.cards.destinations[dest].city
    event = {"type": "visit", "seat": 1, "dest": dest, "city": city, "points": 3}
    [beat] = scene.motion_beats(event)
    start, end = scene.target_rect(f"city:{city}").center, scene.target_rect("score:1").center
    frames = []
    for text in ("+3", ""):
        frames.append(pygame.Surface(scene.layout.size))
        beat.text = text
        drawn = motion.draw_beat(frames[-1], beat, 0.3, scene.target_rect, scene.layout.s,
                                 font=paced_app.font(20, True))
    frames[0].blit(frames[1], (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # what the text alone adds
    words = pygame.mask.from_threshold(frames[0], (0, 0, 0), (1, 1, 1, 255))
    words.invert()
    assert words.count(), "the gain is drawn"
    x, y = words.centroid()
    assert abs(x - drawn.centerx) < drawn.width and drawn.top - 40 < y < drawn.top, "just above the flying card"
    assert abs(x - end[0]) > abs(end[0] - start[0]) / 3, "not waiting at the score"


def _drawn_turn(scene):
    """(header's name, highlighted row, ringed traveller) as the table last drew them, once every
    region is up to date (a long repaint may leave one for the next frame)."""
    if any(scene._keys.get(name) != k for name, k, _ in scene._parts()):
        return None
    status, players, board = scene._keys["status"][0], scene._keys["players"][-1], scene._keys["map"][6]
    named = [i for i, seat in enumerate(scene.seats) if seat.name in status]
    return named, players, board


def test_the_header_rows_and_ring_agree_on_whose_turn_through_three_bots_in_a_row(paced_app):
    app = paced_app
    seats = [Seat("Ann"), Seat("Bo", BOT, "random"), Seat("Cy", BOT, "random"), Seat("Di", BOT, "random")]
    session, scene = table(app, seats, seed=8)
    checked, moving, rounds = 0, 0, 0
    rng = random.Random(1)
    while session.state.round < 3:
        if scene.my_turn():
            legal = session.state.legal_actions()
            scene.apply(rng.choice([a for a in legal if a[0] != "move"] or legal))
        step(app)
        drawn = _drawn_turn(scene)
        if drawn is None:
            continue
        named, players, board = drawn
        assert named == [players] == [board], f"header {named}, rows {players}, ring {board}"
        checked += 1
        if scene.timeline and scene.mover != session.state.current_player():
            moving += 1
            assert players == scene.mover, "a bot's last move of its turn is shown as its turn"
            rounds += scene._before.round != session.state.round
            assert scene._status().startswith(app.t("voyage.status.round", n=scene._before.round,
                                                    limit=rules.ROUND_LIMIT)), "the round of the move shown"
    assert checked > 100 and moving > 10 and rounds, "a round's last move was seen while it played"


def test_undo_and_a_replay_jump_show_no_motion(paced_app):
    app = paced_app
    session, scene = table(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=6)
    run_until(app, lambda: scene.my_turn() and session.state.phase == rules.TURN)
    card, city = next((a[1], a[2]) for a in session.state.legal_actions() if a[0] == "move")
    click(app, dict(scene.hand_rects())[card].center)
    click(app, scene.city_rect(city).center)
    click(app, scene.city_rect(city).center)
    assert scene.timeline and ("pawn", 0) in scene.arriving, "one's own move is shown too"
    assert scene.timeline.pace == pytest.approx(1 / motion.OWN_PACE) and not scene.marks
    run_until(app, lambda: not scene.timeline)
    click(app, scene.buttons["undo"].rect.center)
    assert not scene.timeline and not scene.arriving and scene.shown is None and not scene.marks
    assert scene.turn_seat() == 0 and session.state.positions[0] != city

    replay = VoyageScene(app, None, replay=random_record("voyage"))
    app.push(replay)
    step(app)
    key(app, pygame.K_RIGHT)
    assert replay.timeline, "a replayed step is shown as it was played"
    key(app, pygame.K_RIGHT)  # the next step ends the one in motion
    key(app, pygame.K_LEFT)
    assert not replay.timeline and not replay.arriving and not replay.marks and replay.replay_step == 1


def test_in_hot_seat_the_next_human_sees_what_the_last_one_changed(paced_app):
    app = paced_app
    session, scene = table(app, [Seat("Ann"), Seat("Ben")], seed=5)
    run_until(app, lambda: isinstance(app.top, CurtainScene))
    click(app, app.top.button.rect.center)
    mover = scene.viewer
    here = session.state.positions[mover]
    card, city = next((a[1], a[2]) for a in session.state.legal_actions() if a[0] == "move")
    click(app, dict(scene.hand_rects())[card].center)
    click(app, scene.city_rect(city).center)
    click(app, scene.city_rect(city).center)
    run_until(app, lambda: not scene.timeline)
    walked = [f"city:{c}" for c in session.state.world.shortest_path(here, city)]
    assert scene.marks == walked and not scene._marked_cities(), "not outlined for the one who made the move"
    click(app, scene.buttons["end"].rect.center)
    run_until(app, lambda: scene.done_button.visible)
    click(app, scene.done_button.rect.center)
    click(app, app.top.button.rect.center)
    step(app)
    assert scene.viewer != mover and [f"city:{c}" for c in scene._marked_cities()] == walked
    click(app, scene.buttons["end"].rect.center)  # the next one acts: the marks go
    assert not scene._marked_cities()


def test_with_reduced_motion_the_traveller_fades_in_where_it_arrives(paced_app):
    app = paced_app
    app.settings.reduced_motion = True
    session, scene = table(app, [Seat("B1", BOT), Seat("B2", BOT)], seed=11, pick=longest_walk)
    mover = session.state.current
    here = session.state.positions[mover]
    run_until(app, lambda: len(session.actions) >= 1, seconds=10)
    assert all(b.duration <= motion.REDUCED_SECONDS for g in scene.timeline.groups for b in g)
    path = session.state.world.shortest_path(here, session.actions[0][2])
    seen = [w for w in watch(app, scene, mover, lambda: not scene.timeline) if w]
    end = scene.map_view.city_px(scene.layout.map, path[-1])
    assert seen and all(near(w[0], end, scene.pawn_size()) for w in seen), "nothing travels: it appears there"


def test_a_click_during_ones_own_walk_lands_it_and_is_taken(paced_app):
    app = paced_app
    session, scene = table(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=6)
    run_until(app, lambda: scene.my_turn() and session.state.phase == rules.TURN)
    move = max((a for a in session.state.legal_actions() if a[0] == "move"),
               key=lambda a: len(session.state.world.shortest_path(session.state.positions[0], a[2])))
    scene.apply(move)
    step(app)
    assert ("pawn", 0) in scene.arriving
    card, rect = next((c, r) for c, r in scene.hand_rects())
    click(app, rect.center)
    assert not scene.timeline and not scene.arriving and scene.selected == card
    whole_frame(app, scene)
    assert near(walker(app, scene, 0)[0], scene.map_view.city_px(scene.layout.map, move[2]), scene.pawn_size())


ACTIONS = ("visit_card", "visit_money", "collect", "buy_money", "buy_token", "flyer", "end", "confirm")


def test_the_action_buttons_stay_in_place_greyed_while_a_move_plays(paced_app):
    """Hidden while one's own walk played and through the bots' turns, the buttons came and went
    under the player's eyes: they stay where they are, greyed until the next choice is theirs."""
    app = paced_app
    session, scene = table(app, [Seat("Ann"), Seat("Bo", BOT, "random")], seed=6)
    run_until(app, lambda: scene.my_turn() and session.state.phase == rules.TURN)
    places = {name: scene.buttons[name].rect.copy() for name in ACTIONS}
    card, city = next((a[1], a[2]) for a in session.state.legal_actions() if a[0] == "move")
    click(app, dict(scene.hand_rects())[card].center)
    click(app, scene.city_rect(city).center)
    click(app, scene.city_rect(city).center)
    assert scene.timeline

    def check():
        for name in ACTIONS:
            b = scene.buttons[name]
            assert b.visible and b.rect == places[name], f"{name} left its place while a move played"
            assert not b.enabled or scene.my_turn(), f"{name} pressable while a move plays"

    frames = 0
    while scene.timeline:  # one's own walk
        step(app)
        check()
        frames += 1
    click(app, scene.buttons["end"].rect.center)
    while not scene.my_turn():  # the bot's turn
        step(app)
        check()
        frames += 1
        assert frames < 60 * 60, "the bot's turn never ended"
    assert frames > 30


def test_a_walked_routes_marks_leave_the_travellers_standing_there_whole(paced_app):
    """The gold rings of a bot's walk are painted with the map, under the travellers: drawn over
    them they hid the pawns (QA). The travellers show as many pixels of their colour with the
    marks as without."""
    app = paced_app
    session, scene = table(app, [Seat("Ann"), Seat("Bo", BOT)], seed=11, pick=longest_walk)
    session.state.positions[0] = session.state.positions[1]  # Ann waits where Bo sets out
    run_until(app, lambda: scene.my_turn() and not scene.timeline, seconds=30)
    assert any(m.startswith("city:") for m in scene.marks), "the bot's walk is marked"
    marked = [walker(app, scene, seat) for seat in (0, 1) if whole_frame(app, scene)]
    scene.marks = []
    bare = [walker(app, scene, seat) for seat in (0, 1) if whole_frame(app, scene)]
    assert marked == bare, "the marks cover none of a traveller"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_what_flies_to_the_first_travellers_row_never_crosses_the_top_bar(paced_app, size):
    """A visit's card, a souvenir and coins flying to the first row arced over the header's words
    (QA): every frame of their flight leaves the top bar as it was."""
    app = paced_app
    pygame.display.set_mode(size)
    session, scene = table(app, [Seat("B1", BOT), Seat("B2", BOT)])
    step(app)
    state, lay = session.state, scene.layout
    north = min(state.world.city, key=lambda c: scene.map_view.city_px(lay.map, c)[1])
    region = state.world.region_of[north]
    dest = state.display[0]
    events = [{"type": "visit", "seat": 0, "dest": dest, "city": north, "points": 3},
              {"type": "reward", "seat": 0, "kind": "money", "amount": 2, "dest": dest, "city": north},
              {"type": "collect", "seat": 0, "region": region}]
    bar = lay.top.clip(pygame.Rect((0, 0), size))
    frame = pygame.Surface(size)
    for event in events:
        scene.marks = []
        scene.timeline.finish()
        for beat in scene.motion_beats(event):
            scene.timeline.add(beat)
        assert scene.timeline, event
        flown = 0
        while scene.timeline:
            frame.fill((0, 0, 0))
            scene._draw_motion(frame)
            lit = pygame.mask.from_threshold(frame.subsurface(bar), (0, 0, 0), (1, 1, 1, 255))
            lit.invert()
            assert not lit.count(), f"{event['type']} crossed the top bar at {scene.timeline.time:.2f} s"
            flown += 1
            scene.timeline.advance(1 / 60)
        assert flown > 20
