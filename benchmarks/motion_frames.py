"""Frame times while the tables show moves in motion (issue 27): `benchmarks/run.py` prints
them (`--motion`: these alone).

For each game, the busiest kind of move the issue names (a 4-player Valley recall, a Parade
take of 6+ cards, an Oz walk step that takes a gem, a Voyage move of 3+ steps) is found in
random hot-seat games played through the real table at 1920x1080 (Parade's is dealt, `_six_take`),
and every frame of it is timed through the app's own loop step (`App.step`: update, draw, flip),
in wall time and in the main thread's CPU time (which other work on a shared machine does not
inflate). The
yardstick is a frame of the same window that only clears and flips, measured in the same run.
The idle figure is what the motion layer (`_draw_motion`: marks and beats) adds to a still frame.
"""

from __future__ import annotations

import random
import statistics
import time

import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)
from wonderland_games.core.game import Seat  # noqa: E402

SIZE = (1920, 1080)


def _busiest(events: list, game: str) -> bool:
    kinds = {e["type"] for e in events}
    if game == "parade":
        return any(e["type"] == "play" and len(e["taken"]) >= 6 for e in events)
    if game == "oz":
        return "gem" in kinds and "step" in kinds
    if game == "voyage":
        return any(e["type"] == "move" and len(e.get("path", ())) >= 4 for e in events)
    if game == "valley":
        return "season" in kinds
    return "card" in kinds  # dream: a card judged


def _table(game: str, players: int, seed: int, **settings):
    from wonderland_games.core.session import Session
    from wonderland_games.scenes.launch import scene_class
    from wonderland_games.ui.app import App

    app = App(size=SIZE)
    for name, value in {"sound": False, **settings}.items():
        setattr(app.settings, name, value)
    session = Session.new(game, [Seat(f"P{i + 1}") for i in range(players)], seed=seed, options={})
    session.autosave = False
    app.running = True
    scene = scene_class(game)(app, session)
    scene._update_turn = lambda dt: None  # no hand-over curtain between the people: the table stays on top
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    return app, session, scene


def _six_take(state, rng):
    """Parade's busiest move, dealt: the mover holds a colour's 0 and the parade is that colour's 1 to
    6, so playing the 0 takes all six (random play almost never takes six). The cards dealt anew
    keep the game's piles as they were."""
    deck, seat = state.deck, state.turn
    colour = rng.randrange(len(deck.colours))
    zero, six = deck.card(colour, 0), [deck.card(colour, v) for v in range(1, 7)]
    rest = [c for c in range(deck.size) if c != zero and c not in six and not any(c in p for p in state.collections)]
    rng.shuffle(rest)
    hands = rest[:deck.hand_size * len(state.seats)]
    hands[seat * deck.hand_size] = zero
    state.deal(hands + six + rest[len(hands):], seat)
    return ("play", zero)


def busiest_move_frames(game: str, players: int, wanted: int = 6, max_moves: int = 1500) -> tuple:
    """(wall ms, CPU ms of each frame of the busiest moves, how many such moves, frames per
    move): random moves applied through the table; the frames of each move the issue names
    are timed until it has played."""
    import pygame

    times, cpu, found, frames = [], [], 0, []
    seed = 1
    while found < wanted and seed < 4:
        app, session, scene = _table(game, players, seed)
        rng = random.Random(seed)
        shown: list = []
        original = scene._show_move
        scene._show_move = lambda seat, events: (shown.append(events), original(seat, events))
        for _ in range(max_moves):
            if session.state.is_over() or found >= wanted:
                break
            shown.clear()
            action = _six_take(session.state, rng) if game == "parade" else rng.choice(session.state.legal_actions())
            scene.apply(action)
            busy = any(_busiest(events, game) for events in shown)
            if not busy:
                scene._finish_timeline()  # only the busiest moves are played out and timed
            count = 0
            while scene.timeline:
                start, used = time.perf_counter(), time.thread_time()
                app.step(1 / 60)
                if busy:
                    times.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.thread_time() - used) * 1000)
                    count += 1
                if count > 2000:
                    break
            if busy and count:
                found += 1
                frames.append(count)
            scene._finish_timeline()
        pygame.display.quit()
        seed += 1
    return times, cpu, found, frames


def yardstick_frame_ms(frames: int = 300) -> list:
    """A frame that only clears the same window and flips it."""
    import pygame

    from wonderland_games.ui.app import App

    app = App(size=SIZE)
    out = []
    for i in range(frames):
        start = time.perf_counter()
        app.screen.fill((i % 255, 0, 0))
        pygame.display.flip()
        out.append((time.perf_counter() - start) * 1000)
    pygame.display.quit()
    return out


def idle_layer_ms(game: str = "valley", frames: int = 400) -> tuple:
    """(median frame ms with the motion layer, without it, the layer alone): a still table
    with four marks on show, nothing moving."""
    import pygame

    app, session, scene = _table(game, 4, 3)
    scene.marks = ["region:log", "region:players", "region:status", "region:controls"]
    scene._marks_seat = -1

    def run() -> list:
        out = []
        for _ in range(frames):
            start = time.perf_counter()
            app.step(1 / 60)
            out.append((time.perf_counter() - start) * 1000)
        return out

    with_layer = run()
    layer = []
    for _ in range(frames):
        start = time.perf_counter()
        scene._draw_motion(app.screen)
        layer.append((time.perf_counter() - start) * 1000)
    scene._draw_motion = lambda surface: []
    without = run()
    pygame.display.quit()
    return statistics.median(with_layer), statistics.median(without), statistics.median(layer)


def figures(quick: bool = False) -> dict:
    from run import p99  # this folder's figures script, which calls this one

    out = {}
    wanted = 3 if quick else 6
    for game, players in (("valley", 4), ("parade", 6), ("oz", 4), ("voyage", 5), ("dream", 5)):
        times, cpu, found, frames = busiest_move_frames(game, players, wanted)
        if times:
            out[f"motion_{game}_busiest_frame_ms_p99_1920x1080"] = round(p99(times), 2)
            out[f"motion_{game}_busiest_frame_ms_median_1920x1080"] = round(statistics.median(times), 2)
            out[f"motion_{game}_busiest_frame_cpu_ms_p99_1920x1080"] = round(p99(cpu), 2)
            out[f"motion_{game}_busiest_moves_timed"] = found
            out[f"motion_{game}_busiest_frames_per_move"] = round(statistics.mean(frames), 1)
        else:
            out[f"motion_{game}_busiest_moves_timed"] = 0
    out["motion_yardstick_clear_flip_ms_median_1920x1080"] = round(statistics.median(yardstick_frame_ms()), 3)
    with_layer, without, layer = idle_layer_ms()
    out["motion_idle_frame_ms_median_with_layer"] = round(with_layer, 3)
    out["motion_idle_frame_ms_median_without_layer"] = round(without, 3)
    out["motion_idle_layer_alone_ms_median_4_marks"] = round(layer, 3)
    return out

