"""Every screen lays out and draws at any size, from 1x1 to 5000x3000, without raising.

The window keeps a minimum size, but scenes may still be asked to draw smaller
(a platform that ignores the minimum, a window mid-drag, a test), so layout
math can reach zero or negative sizes. Each scene and each game table (every
playable game, fewest and most players, start / mid-game with a move in
flight / finished / replay) is resized through many sizes, drawn, and given a
few mouse and key events at each.
"""

import random
import sys
from pathlib import Path

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.core.saves import save_slot, slots_dir
from wonderland_games.core.session import Session
from wonderland_games.core.settings import TEXT_SCALES, Settings
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.load import LoadScene
from wonderland_games.scenes.menu import MenuScene
from wonderland_games.scenes.rules import RulesScene
from wonderland_games.scenes.settings import SettingsScene
from wonderland_games.scenes.setup import SetupScene
from wonderland_games.scenes.stats import StatsScene
from wonderland_games.ui import app as app_mod
from wonderland_games.ui import surfaces
from wonderland_games.ui.dialogs import ConfirmDialog, MessageDialog
from wonderland_games.ui.save_dialog import SaveDialog
from wonderland_games.ui.testing import random_record, step

PACKAGE = Path(__file__).resolve().parent.parent / "wonderland_games"
GAMES = [info.id for info in registry.games() if info.available]
FIXED = [(1, 1), (2, 3), (50, 30), (97, 211), (300, 200), (400, 260), (640, 400), (1023, 639),
         (1024, 640), (1366, 768), (1917, 1033), (3840, 2160), (5000, 3000)]
SIZES = FIXED + [(r.randrange(1, 2600), r.randrange(1, 1800)) for r in [random.Random(8)] for _ in range(5)]


@pytest.fixture
def app(paced_app):
    return paced_app


def seats(players: int) -> list:
    return [Seat("爱丽丝")] + [Seat(f"Bot {i}", BOT, "easy") for i in range(1, players)]


def played(game: str, players: int, moves: int | None, seed: int = 5) -> Session:
    """A session `moves` random legal moves in (None: to the end)."""
    session = Session.new(game, seats(players), seed=seed, autosave=False)
    rng = random.Random(seed * 31 + players)
    while not session.state.is_over() and (moves is None or len(session.actions) < moves):
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def player_counts(game: str) -> list:
    info = registry.get(game)
    return sorted({info.min_players, max(2, info.min_players), info.max_players})


def events(size: tuple) -> list:
    """Hover over a 3x3 grid, a wheel turn and Tab: what a player does without committing."""
    w, h = size
    points = [(w * i // 4, h * j // 4) for i in (1, 2, 3) for j in (1, 2, 3)]
    out = [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)) for p in points]
    out.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    out.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    return out


def clicks(size: tuple) -> list:
    """Left clicks over the grid (on a table: picking a card, a die, a city)."""
    w, h = size
    out = []
    for i, j in ((2, 3), (1, 3), (3, 3), (2, 2)):
        pos = (w * i // 4, h * j // 4)
        out += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return out


def exercise(scene, sizes=SIZES, click=False) -> None:
    """Resize, update, draw, send events and draw again at every size."""
    for size in sizes:
        try:
            scene.on_resize(size)
            scene.update(1 / 60)
            surface = surfaces.new(size)
            scene.draw(surface)
            for event in events(size) + (clicks(size) if click else []):
                scene.handle_event(event)
            scene.update(1 / 60)
            scene.draw(surface)
        except Exception as exc:  # name the size that broke
            raise AssertionError(f"{type(scene).__name__} at {size}: {exc!r}") from exc


# -- form scenes and dialogs ---------------------------------------------------------------
def with_saves(app):
    save_slot(played("parade", 2, 3), "good")
    (slots_dir() / "broken.json").write_text("{", encoding="utf-8")
    return LoadScene(app)


def results(game: str, players: int):
    session = played(game, players, None)
    return lambda app: scene_class(game)(app, session).results_scene()(app, session, record_stats=False)


SCENES = {
    "menu": MenuScene,
    "settings": SettingsScene,
    "load": with_saves,
    "stats": StatsScene,
    "rules": RulesScene,
    "curtain": lambda app: CurtainScene(app, "柴郡猫"),
    "message": lambda app: MessageDialog(app, "出错了：存档已损坏。" * 5, error=True),
    "confirm": lambda app: ConfirmDialog(app, "要删除吗？", lambda: None),
    "save": lambda app: SaveDialog(app, played("parade", 2, 2)),
}
PER_GAME = {
    "setup": lambda game: lambda app: SetupScene(app, registry.get(game)),
    "rules": lambda game: lambda app: RulesScene(app, game),
}


def scene_cases() -> list:
    cases = [pytest.param(make, id=name) for name, make in SCENES.items()]
    for game in GAMES:
        cases += [pytest.param(make(game), id=f"{kind}-{game}") for kind, make in PER_GAME.items()]
        cases += [pytest.param(results(game, n), id=f"results-{game}-{n}p") for n in player_counts(game)]
    return cases


@pytest.mark.parametrize("make", scene_cases())
@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_scene_draws_at_every_size(app, make, language):
    app.i18n.set_language(language)
    scene = make(app)
    app.push(scene)
    exercise(scene)


# -- game tables ---------------------------------------------------------------------------
def table_cases() -> list:
    cases = []
    for game in GAMES:
        for n in player_counts(game):
            for moves in (0, 9, None):
                cases.append(pytest.param(game, n, moves, id=f"{game}-{n}p-{'end' if moves is None else moves}"))
    return cases


@pytest.mark.parametrize("game, players, moves", table_cases())
def test_every_table_draws_at_every_size(app, game, players, moves):
    session = played(game, players, moves)
    scene = scene_class(game)(app, session)
    app.push(scene)
    if not session.state.is_over():  # one more move, its animation in flight while we resize
        scene.apply(random.Random(moves).choice(session.state.legal_actions()))
    exercise(scene, click=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_replay_table_draws_at_every_size(app, game):
    record = random_record(game, seed=4, players=registry.get(game).max_players)
    scene = scene_class(game)(app, None, replay=record)
    app.push(scene)
    scene.replay_goto(len(record.actions) // 2)
    exercise(scene, click=True)


# -- larger text (settings: text size 100 / 125 / 150%) ------------------------------------
TEXT_SIZES = [(1024, 640), (1920, 1080)]


class Drawn:
    """Each text a frame draws, with its font's size in pixels, and the texts drawn cut short (an
    ellipsis in place of their end, or of the lines of a wrapped text left off)."""

    def __init__(self, monkeypatch):
        self.sizes, self.short, self.cut = {}, set(), set()
        from wonderland_games.ui import text as tx

        render, ellipsize = tx.render, tx.ellipsize

        def seen(font, text, *a):
            self.sizes.setdefault(text, font.point_size)
            if text in self.short:
                self.cut.add(text)
            return render(font, text, *a)

        def shortened(font, text, width):
            out = ellipsize(font, text, width)
            if out != text or (text.endswith(tx.ELLIPSIS) and sys._getframe(1).f_code.co_name != "fit_line"):
                self.short.add(out)  # fit_block (or a game's own block) ends its last line so
            return out

        monkeypatch.setattr(tx, "render", seen)
        monkeypatch.setattr(tx, "ellipsize", shortened)

    def frame(self, app, make, size: tuple, scale: float):
        """The texts and widget rects of `make`'s scene drawn at `size` with text at `scale`."""
        app.set_text_scale(scale)
        scene = make(app)
        app.push(scene)
        scene.on_resize(size)
        scene.update(1 / 60)
        self.sizes, self.short, self.cut = {}, set(), set()
        scene.draw(surfaces.new(size))
        widgets = scene.ring.widgets if hasattr(scene, "ring") else scene._widgets()
        rects = [w.rect for w in widgets if getattr(w, "visible", True) and w.rect.width > 0]
        app.stack.clear()
        return dict(self.sizes), set(self.cut), rects


def larger_cases() -> list:
    cases = [pytest.param(make, id=case.id) for case in scene_cases() for make in case.values]
    for game in GAMES:
        for n in player_counts(game):
            cases.append(pytest.param(lambda app, g=game, n=n: scene_class(g)(app, played(g, n, 9)), id=f"{game}-{n}p"))
    return cases


@pytest.mark.parametrize("make", larger_cases())
@pytest.mark.parametrize("size", TEXT_SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", ["zh", "en"])
def test_larger_text_shows_and_still_fits_every_screen(app, monkeypatch, make, size, language):
    """At 125% and 150% text size every screen and table draws its text larger where it has room; a
    box with none keeps it near its size at 100% (a digit in a small badge may give way a little)
    and cuts none short that was whole there; its buttons stay on the window and apart."""
    app.i18n.set_language(language)
    drawn = Drawn(monkeypatch)
    base, base_cut, _ = drawn.frame(app, make, size, 1.0)
    window = pygame.Rect((0, 0), size)
    for scale in TEXT_SCALES[1:]:
        sizes, cut, rects = drawn.frame(app, make, size, scale)
        common = [t for t in sizes if t in base and t.strip()]
        assert max(sizes[t] / base[t] for t in common) >= 1 + (scale - 1) * 0.7, (scale, sizes)
        assert not [(t, base[t], sizes[t]) for t in common if sizes[t] < base[t] * 0.8], scale
        assert not cut - base_cut, (scale, cut - base_cut)
        assert all(window.contains(r) for r in rects), (scale, [r for r in rects if not window.contains(r)])
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)], scale


@pytest.mark.parametrize("scale", TEXT_SCALES)
def test_text_fitted_to_a_box_is_never_smaller_than_at_100(app, scale):
    """A box exactly as tall as a text at 100%: at any text size the text comes out at that size,
    not a step below it (shrinking from 150% by twelfths skipped it, e.g. 24 px to 23)."""
    from wonderland_games.ui import text as tx

    app.set_text_scale(scale)
    for size in range(10, 48):
        box = app.fonts.get(size, fixed=True).get_linesize()
        assert tx.fit_line(app.fonts, "Game log", 999, box, size)[0].point_size == size, size
        assert tx.fit_block(app.fonts, "Game log", 999, box, size)[0].point_size == size, size


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_parade_seat_says_its_kind_whole_or_not_at_all_at_150(app, monkeypatch, language):
    """The setup's own names ("Cheshire", "Queen") at 150% on 1024x640: the kind after each name
    was cut to "Bot – Nor…" (real window); it shows whole where it fits, else not at all."""
    app.i18n.set_language(language)
    names = ["Player 1", "Cheshire", "Queen of Hearts"] if language == "en" else ["玩家 1", "柴郡猫", "红桃皇后"]
    seated = [Seat(names[0])] + [Seat(name, BOT, "normal") for name in names[1:]]

    def table(app):
        return scene_class("parade")(app, Session.new("parade", seated, seed=5, autosave=False))

    drawn = Drawn(monkeypatch)
    sizes, cut, _ = drawn.frame(app, table, (1024, 640), 1.5)
    assert not cut, cut
    assert sizes[names[0]] > drawn.frame(app, table, (1024, 640), 1.0)[0][names[0]]


# -- the rule that keeps it so -------------------------------------------------------------
def test_surfaces_are_built_only_through_the_clamping_helper():
    """A size from layout math can reach zero or below: `ui.surfaces` clamps it, so no other
    module builds or scales a surface itself."""
    banned = ("pygame.Surface(", "transform.smoothscale(", "transform.scale(")
    offenders = [f"{path.relative_to(PACKAGE)}:{n}" for path in PACKAGE.rglob("*.py")
                 if path.name != "surfaces.py"
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if any(b in line for b in banned)]
    assert not offenders, offenders


def test_a_log_too_narrow_to_read_is_not_wrapped(app, monkeypatch):
    """Below the window minimum the log column can shrink to a few pixels; wrapping a long log
    there (a word or a character per line) stalled every resize for a second."""
    from wonderland_games.ui import text as tx
    from wonderland_games.ui.log_panel import LogPanel

    log = LogPanel(app, "Log")
    log.set([("Alice moves three steps to the Emerald City.", "play")] * 50)
    wrapped = []
    real = tx.wrap
    monkeypatch.setattr(tx, "wrap", lambda *a: wrapped.append(1) or real(*a))
    surface = surfaces.new((400, 400))
    log.draw(surface, pygame.Rect(0, 0, 40, 400), 1.0)
    assert not wrapped
    log.draw(surface, pygame.Rect(0, 0, 300, 400), 1.0)
    assert len(wrapped) == 50


# -- the window: its minimum holds on every resize, its size fits the screen --------------
def resize(app, size, real=False):
    """The window manager reports a new size; `real` resizes the window first (else it is a
    platform ignoring the minimum: the dummy window cannot go below it)."""
    if real:
        app_mod._window().size = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app)


def test_a_window_dragged_below_the_minimum_grows_back_and_the_table_follows(app, monkeypatch):
    assert app_mod._window().minimum_size == (1024, 640)  # the window manager's hint
    table = scene_class("parade")(app, played("parade", 3, 4))
    app.push(table)
    step(app)
    resize(app, (400, 260))  # a platform that ignored the hint
    assert app.screen.get_size() == (1024, 640) and table.layout.size == (1024, 640)
    resize(app, (400, 260))  # at once again: the platform insists, drawing copes with the small size
    assert app.screen.get_size() == (1024, 640)  # (the dummy window did not really shrink)
    resize(app, (1500, 900), real=True)
    assert table.layout.size == app.screen.get_size() == (1500, 900)
    monkeypatch.setattr(app_mod, "INSIST_SECONDS", 0.0)  # the player drags it small again later
    resize(app, (400, 260))
    assert app.screen.get_size() == (1024, 640)


@pytest.fixture
def screen_1600(monkeypatch, user_dirs):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1600, 1000)])


def open_app(**settings):
    settings.setdefault("sound", False)
    a = app_mod.App(Settings(language="en", **settings))
    a.running = True
    return a


def test_a_saved_size_that_no_longer_fits_is_fitted_at_start(screen_1600):
    a = open_app(window_size=(2560, 1440))
    assert a.screen.get_size() == (1584, 920) == a.settings.window_size


def test_settings_offer_only_window_sizes_that_fit_the_screen(screen_1600):
    a = open_app(window_size=(1280, 800))
    a.push(SettingsScene(a))
    step(a)
    sizes = [value for value, _ in dict(a.top.rows)["settings.window_size"].options]
    assert sizes == [(1024, 640), (1280, 800), (1440, 900)]


def test_fullscreen_takes_the_desktop_size_and_every_button_is_on_it(user_dirs):
    a = open_app(window_size=(1280, 800))
    a.push(SettingsScene(a))
    step(a)
    display = dict(a.top.rows)["settings.display"]
    display.step(1)  # windowed -> fullscreen, applied at once
    step(a)
    assert a.settings.fullscreen and a.screen.get_size() == pygame.display.get_desktop_sizes()[0]
    table = scene_class("oz")(a, played("oz", 4, 6))
    a.push(table)
    step(a)
    screen = a.screen.get_rect()
    for scene in (a.stack[-2], table):
        buttons = scene.ring.widgets if hasattr(scene, "ring") else scene.buttons.values()
        assert all(screen.contains(b.rect) for b in buttons if b.visible), type(scene).__name__
