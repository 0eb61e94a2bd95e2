"""Speed and memory figures for the issue targets; printed, never asserted.

    python benchmarks/run.py            one line per figure
    python benchmarks/run.py --json     one JSON object, keys carry their unit
    python benchmarks/run.py --engines  the random-play rates and the Parade yardstick only
    python benchmarks/run.py --motion   the tables' frames during their busiest moves only
    python benchmarks/run.py --phones   phones at the table: tap to redraw, frames with ten phones

Speeds in actions or games per second depend on the machine, so Oz's random play is also
given per game of the Parade yardstick measured in the same run (oz_actions_per_yardstick_game:
Oz actions played in the CPU time the yardstick's minimal loop takes for one 4-player Parade
game), a figure that compares across machines. There is no absolute target for it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

import sandbox  # noqa: F401  (this folder: checkout on the path, no window, throwaway user dirs)
import motion_frames  # noqa: E402  (this folder)
import phone_frames  # noqa: E402  (this folder)
from wonderland_games.core import registry  # noqa: E402
from wonderland_games.core.bots import Budget  # noqa: E402
from wonderland_games.core.game import BOT, Seat  # noqa: E402
from parade_yardstick import figures as parade_yardstick  # noqa: E402  (this folder)
from parade_yardstick import rates, yardstick_game  # noqa: E402


def p99(samples: list) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def seats(n: int, kind: str = "human") -> list:
    return [Seat(f"P{i + 1}", kind) for i in range(n)]


def random_game(state, play, rand) -> int:
    """Play `state` out by uniform picks (`rand()` in [0, 1)) from its legal actions; the number
    of actions. A function called once a game, as `simulate` plays: Python 3.11 specialises a
    function's code only after a few calls, so a game loop written inside a function called once
    ran unspecialised and its own method lookups (a tenth of an Oz action) counted against the
    engine. The pick is `legal[int(rand() * len(legal))]`, not `rng.choice(legal)`, whose
    rejection sampling runs in Python: an eighth of a random Oz action was the picking."""
    actions = 0
    while not state.is_over():
        legal = state.legal_actions()
        play(legal[int(rand() * len(legal))])
        actions += 1
    return actions


def random_play_rates(game: str, seconds: float = 3.0, with_events: bool = True) -> tuple:
    """(games, actions) per CPU second of random-play full 4-player games, engine only: a game
    of many actions (a random Oz game is ~1,500) reads slow in games alone. With events:
    `apply`, as a table plays; without: `advance`, as `simulate` and the bots play. CPU
    time, so other jobs on a shared machine do not count against the engine."""
    new_state = registry.get(game).new_state
    rng = random.Random(1)
    players = seats(4)
    start = time.process_time()
    games = actions = 0
    while time.process_time() - start < seconds:
        state = new_state(players, games, {})
        actions += random_game(state, state.apply if with_events else state.advance, rng.random)
        state.result()
        games += 1
    spent = time.process_time() - start
    return games / spent, actions / spent


def games_per_second(game: str, seconds: float = 3.0) -> float:
    return random_play_rates(game, seconds)[0]


def bot_games_per_second(game: str, level: str, seconds: float = 3.0) -> float:
    """Whole 4-player games per CPU second between bots of `level`, as `simulate` plays them."""
    from wonderland_games.core.simulate import Config, play_game

    config = Config(game=game, bots=(level,) * 4, games=1, seed=1)
    start, games = time.process_time(), 0
    while time.process_time() - start < seconds:
        play_game(config, games)
        games += 1
    return games / (time.process_time() - start)


def stuck_games(game: str, games: int) -> tuple:
    """(games played, games where a state before the end offered no legal action), random
    play over every player count the game has; a stuck game stops there."""
    info, rng, stuck = registry.get(game), random.Random(2), 0
    counts = range(info.min_players, info.max_players + 1)
    for i in range(games):
        state = info.new_state(seats(counts[i % len(counts)]), i, {})
        while not state.is_over():
            legal = state.legal_actions()
            if not legal:
                stuck += 1
                break
            state.apply(rng.choice(legal))
    return games, stuck


def decision_positions(game: str, count: int, players: int = 4) -> list:
    """Positions from random games, as (view, legal actions)."""
    new_state = registry.get(game).new_state
    rng = random.Random(2)
    out = []
    seed = 0
    while len(out) < count:
        state = new_state(seats(players), seed, {})
        seed += 1
        while not state.is_over() and len(out) < count:
            seat = state.current_player()
            out.append((state.view(seat), state.legal_actions()))
            state.apply(rng.choice(state.legal_actions()))
    return out


def decision_ms(game: str, level: str, count: int) -> list:
    bot = registry.get(game).make_bot(level)
    rng = random.Random(3)
    times = []
    for view, legal in decision_positions(game, count):
        start = time.perf_counter()
        bot.choose(view, legal, rng)
        times.append((time.perf_counter() - start) * 1000)
    return times


def hard_gui_decision_s(game: str, count: int, budget: float) -> list:
    """Hard bot with the GUI's budget (its iterations, capped by the think time)."""
    bot = registry.get(game).make_bot("hard")
    rng = random.Random(4)
    times = []
    for view, legal in decision_positions(game, count):
        start = time.perf_counter()
        bot.choose(view, legal, rng, Budget(time_limit=budget))
        times.append(time.perf_counter() - start)
    return times


def frame_ms(size: tuple, frames: int = 600) -> list:
    """Frame times of the Parade table mid-game, 6 players: the human (seat 0)
    moves the selection and plays by keyboard while 5 Random bots animate."""
    import pygame

    from wonderland_games.core.session import Session
    from wonderland_games.games.parade.scene import ParadeScene
    from wonderland_games.ui.app import App

    app = App(size=size)
    app.settings.sound = False
    players = [Seat("Alice")] + [Seat(f"Bot {i}", BOT, "random") for i in range(5)]
    session = Session.new("parade", players, seed=11, options={})
    session.autosave = False
    rng = random.Random(5)
    for _ in range(18):  # mid-game: collections and a long parade
        session.apply(rng.choice(session.state.legal_actions()))
    app.running = True
    scene = ParadeScene(app, session)
    app.push(scene)
    times = []
    my_frames = 0
    for i in range(frames + 30):
        if scene.my_turn():
            my_frames += 1
            if my_frames % 8 == 0:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
            if my_frames % 40 == 0:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        start = time.perf_counter()
        app.step(1 / 60)
        if i >= 30:  # the first frames fill the caches
            times.append((time.perf_counter() - start) * 1000)
        if session.state.is_over():
            break
    pygame.display.quit()
    return times


def voyage_map_redraw_ms(steps: int = 20) -> tuple:
    """(whole map, its names alone) in CPU ms, median over a window resized step by step from
    1024x640 to 1936x1153, 5 players, both languages: what a new window size costs the World
    Voyage map once the size holds (CPU time, so other programs on the machine count less)."""
    import pygame

    from wonderland_games.games.voyage.layout import compute
    from wonderland_games.games.voyage.map_view import MapView
    from wonderland_games.games.voyage.world import load_world
    from wonderland_games.ui.app import App

    app = App(size=(1280, 800))
    view = MapView(app, load_world())
    whole, names = [], []
    for lang in ("en", "zh"):
        app.i18n.language = lang
        for i in range(steps):
            area = pygame.Rect((0, 0), compute((1024 + 48 * i, 640 + 27 * i), 5).map.size)
            start = time.process_time()
            view.labels(area.size)
            names.append((time.process_time() - start) * 1000)
            start = time.process_time()
            view.base(area)
            whole.append((time.process_time() - start) * 1000)
    pygame.display.quit()
    return statistics.median(whole), statistics.median(names)


def bot_table_frame_ms(game: str, players: int, size: tuple, frames: int = 1500, prepare=None) -> list:
    """Frame times of a table where Normal bots play (Oz: drafting, walking, casting;
    Voyage: walking the map; Valley: placing workers), the mouse sweeping over it as a
    watching player's would. `prepare(session)` may set the position up first."""
    import pygame

    from wonderland_games.core.session import Session
    from wonderland_games.scenes.launch import scene_class
    from wonderland_games.ui.app import App

    app = App(size=size)
    app.settings.sound = False
    app.settings.bot_think_seconds = 0.1
    session = Session.new(game, [Seat(f"Bot {i}", BOT, "normal") for i in range(players)], seed=3, options={})
    session.autosave = False
    if prepare is not None:
        prepare(session)
    app.running = True
    app.push(scene_class(game)(app, session))
    rng = random.Random(7)
    times = []
    for i in range(frames + 30):
        if i % 5 == 0:
            pos = (rng.randrange(size[0]), rng.randrange(size[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        start = time.perf_counter()
        app.step(1 / 60)
        if i >= 30:  # the first frames draw the board and pieces once per size
            times.append((time.perf_counter() - start) * 1000)
    pygame.display.quit()
    return times


def valley_full_cities(session) -> None:
    """Every city full (15 cards, at most one of each unique kind), taken from the deck; the
    mulligans done. The bots then play on with placements and season changes."""
    state = session.state
    while state.decision() is not None:
        session.apply(state.legal_actions()[0])
    limit = state.numbers.city_limit
    for seat in range(len(state.seats)):
        city = state.cities[seat]
        for kind_id in list(state.deck):
            kind = state.cards.kinds[kind_id]
            if len(city) < limit and not (kind.unique and kind_id in city):
                state.deck.remove(kind_id)
                city.append(kind_id)


def idle_cpu_pct(scene_for, seconds: float = 6.0, size: tuple = (1920, 1080)) -> float:
    """The share of one core the real main loop takes while nobody touches the window
    (the first second included: the loop slows down after STILL_AFTER)."""
    from wonderland_games.ui import app as app_module
    from wonderland_games.ui.app import App

    app = App(size=size)
    app.settings.sound = False
    scene = scene_for(app)
    frames = int(60 * app_module.STILL_AFTER + app_module.STILL_FPS * (seconds - app_module.STILL_AFTER))
    cpu, wall = time.process_time(), time.perf_counter()
    app.run(scene, frames=frames)
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    import pygame

    pygame.display.quit()
    return 100 * share


def menu_scene(app):
    from wonderland_games.scenes.menu import MenuScene

    return MenuScene(app)


def valley_my_turn_scene(app):
    """A 2-player Valley table waiting for the human (the opening redraw choice)."""
    from wonderland_games.core.session import Session
    from wonderland_games.scenes.launch import scene_class

    session = Session.new("valley", [Seat("Me"), Seat("Bot", BOT, "normal")], seed=3, options={})
    session.autosave = False
    return scene_class("valley")(app, session)


def startup_s(runs: int = 5) -> list:
    """Process start to the first drawn menu frame, as `--smoke` says it (the smoke check then also
    tries the phone server, which no start-up waits for)."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "wonderland_games", "--smoke"], check=True,
                              capture_output=True, text=True)
        said = [line.split()[3] for line in done.stdout.splitlines() if line.startswith("smoke: menu drawn")]
        out.append(float(said[0]) if said else time.perf_counter() - start)
    return out


_MEMORY_SCRIPT = """
import random, resource
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.session import Session
from wonderland_games.games.parade.scene import ParadeScene
from wonderland_games.ui.app import App
app = App(size=(1920, 1080))
app.settings.fast_forward = True
players = [Seat(f"Bot {i}", BOT, "normal") for i in range(6)]
session = Session.new("parade", players, seed=3, options={})
app.running = True
app.push(ParadeScene(app, session))
for _ in range(20000):
    app.step(1 / 60)
    if session.state.is_over():
        break
try:  # VmHWM: this program's own peak (ru_maxrss would include the forked parent's pages)
    with open("/proc/self/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except OSError:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(session.state.is_over(), kb)
"""


def peak_memory_mb() -> tuple:
    """A whole 6-player bot game in the real scene (dummy video driver)."""
    done = subprocess.run([sys.executable, "-c", _MEMORY_SCRIPT], check=True, capture_output=True, text=True)
    over, kb = done.stdout.split()[-2:]
    return over == "True", int(kb) / 1024


def save_load_ms(repeats: int = 50) -> tuple:
    from wonderland_games.core import saves
    from wonderland_games.core.session import Session

    session = Session.new("parade", seats(4), seed=9, options={})
    session.autosave = False
    rng = random.Random(6)
    for _ in range(25):
        session.apply(rng.choice(session.state.legal_actions()))
    writes, loads = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        path = saves.write_autosave(session)
        writes.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        saves.load_session(path)
        loads.append((time.perf_counter() - start) * 1000)
    return statistics.median(writes), statistics.median(loads)


def engine_figures(seconds: float) -> dict:
    """Random play of each game (4 players), the Parade yardstick, and Oz's random actions
    per yardstick game: the speed figure that holds from one machine to another."""
    figures = {}
    for game in ("parade", "oz", "voyage", "valley"):
        per_s, actions_per_s = random_play_rates(game, seconds)
        figures[f"{game}_games_per_s_4p"] = round(per_s, 1)
        figures[f"{game}_actions_per_s_4p"] = round(actions_per_s)
        if game == "oz":  # its engine skips the events when not asked for them
            figures["oz_advance_actions_per_s_4p"] = round(random_play_rates(game, seconds, with_events=False)[1])
    figures.update(parade_yardstick(seconds))
    figures.update(oz_per_yardstick_game(seconds))
    return figures


def oz_per_yardstick_game(seconds: float) -> dict:
    """Oz random actions (4 players; `apply` with events, as a table plays, and `advance`, as
    bots and `simulate` play) per game of the Parade yardstick, the three played in alternating
    slices of CPU time (parade_yardstick.rates), so what load a shared machine leaves falls on
    each alike: a ratio of rates measured one after the other moved by a quarter between runs."""
    rng, new_state, players = random.Random(1), registry.get("oz").new_state, seats(4)
    actions, games = {"apply": 0, "advance": 0}, {"apply": 0, "advance": 0}

    def oz(how: str):
        def play(i: int) -> None:
            state = new_state(players, i, {})
            actions[how] += random_game(state, getattr(state, how), rng.random)
            games[how] += 1
        return play

    r = rates({"yardstick": lambda i: yardstick_game(4, rng), "apply": oz("apply"), "advance": oz("advance")},
              3 * seconds)
    per_game = {how: r[how] * actions[how] / games[how] / r["yardstick"] for how in actions}
    return {"oz_actions_per_yardstick_game": round(per_game["apply"], 1),
            "oz_advance_actions_per_yardstick_game": round(per_game["advance"], 1)}


def other_figures(quick: bool) -> dict:
    """Bots, the tables' frames, start-up, memory and saves."""
    n = 100 if quick else 400
    figures = {}
    for game, prefix in (("parade", "bot"), ("oz", "oz_bot"), ("voyage", "voyage_bot"), ("valley", "valley_bot")):
        figures[f"{game}_normal_bot_games_per_s_4p"] = round(bot_games_per_second(game, "normal",
                                                                                  1.0 if quick else 3.0), 2)
        for level in ("easy", "normal"):
            figures[f"{prefix}_{level}_ms_p99"] = round(p99(decision_ms(game, level, n * 5)), 3)
        hard = hard_gui_decision_s(game, 10 if quick else 30, budget=1.0)
        figures[f"{prefix}_hard_gui_s_mean"] = round(statistics.mean(hard), 3)
        figures[f"{prefix}_hard_gui_s_max"] = round(max(hard), 3)
    played, stuck = stuck_games("valley", 1000 if quick else 10000)
    figures[f"valley_stuck_games_of_{played}"] = stuck
    figures["dream_games_per_s_4p"] = round(games_per_second("dream", 1.0 if quick else 3.0), 1)  # table mode
    played, stuck = stuck_games("dream", 1000 if quick else 10000)
    figures[f"dream_stuck_games_of_{played}"] = stuck
    for size in ((1280, 720), (1920, 1080)):
        times = frame_ms(size)
        figures[f"frame_ms_p99_{size[0]}x{size[1]}"] = round(p99(times), 2)
        figures[f"frame_ms_median_{size[0]}x{size[1]}"] = round(statistics.median(times), 2)
    for game, players in (("oz", 4), ("voyage", 5)):
        table = bot_table_frame_ms(game, players, (1920, 1080), 500 if quick else 1500)
        figures[f"{game}_frame_ms_p99_1920x1080"] = round(p99(table), 2)
        figures[f"{game}_frame_ms_median_1920x1080"] = round(statistics.median(table), 2)
    whole, names = voyage_map_redraw_ms(10 if quick else 20)
    figures["voyage_map_redraw_cpu_ms_median"] = round(whole, 1)
    figures["voyage_map_names_cpu_ms_median"] = round(names, 1)
    full = bot_table_frame_ms("valley", 4, (1920, 1080), 500 if quick else 1500, prepare=valley_full_cities)
    figures["valley_full_frame_ms_p99_1920x1080"] = round(p99(full), 2)
    figures["valley_full_frame_ms_median_1920x1080"] = round(statistics.median(full), 2)
    figures["idle_cpu_pct_menu"] = round(idle_cpu_pct(menu_scene), 1)
    figures["idle_cpu_pct_valley_my_turn"] = round(idle_cpu_pct(valley_my_turn_scene), 1)
    figures["startup_s"] = round(statistics.median(startup_s()), 3)
    finished, peak = peak_memory_mb()
    figures["peak_memory_mb_6p_session"] = round(peak, 1)
    figures["peak_memory_game_finished"] = finished
    write, load = save_load_ms()
    figures["autosave_write_ms"] = round(write, 2)
    figures["autosave_load_ms"] = round(load, 2)
    figures.update(motion_frames.figures(quick))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--engines", action="store_true",
                        help="only the random-play rates, the Parade yardstick and Oz's ratio to it")
    parser.add_argument("--motion", action="store_true", help="only the frames of each table's busiest moves")
    parser.add_argument("--phones", action="store_true", help="only the phone seats' tap latency and frames")
    args = parser.parse_args()
    if args.motion:
        figures = motion_frames.figures(args.quick)
    elif args.phones:
        figures = phone_frames.figures(args.quick)
    else:
        figures = engine_figures(1.0 if args.quick else 3.0)
        if not args.engines:
            figures.update(other_figures(args.quick))
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:38} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
