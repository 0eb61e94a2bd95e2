"""Every test runs headless and writes user files into a throwaway folder.

Fixtures: `user_dirs` (per-test user folders), `menu_app` (the menu on a fresh
window), `table_app` (a window for game tables: fast-forward, quick bots),
`data_copy` (a throwaway copy of data/ for tests that break a file), `drawn` (every
line of text drawn, in order).
"""

import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_USER = tempfile.mkdtemp(prefix="wonderland-tests-")
os.environ.setdefault("WONDERLAND_DATA_DIR", os.path.join(_USER, "data"))
os.environ.setdefault("WONDERLAND_CONFIG_DIR", os.path.join(_USER, "config"))


import pytest  # noqa: E402


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WONDERLAND_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def menu_app(user_dirs):
    from wonderland_games.scenes.menu import MenuScene
    from wonderland_games.ui.testing import make_app, step

    app = make_app((1280, 800), "zh")
    app.running = True
    app.push(MenuScene(app))
    step(app)
    yield app
    app.stack.clear()


def _running_app(**settings):
    """A 1280x800 Chinese window whose bots think 0.05 s, running; its scenes ended afterwards."""
    from wonderland_games.ui.testing import make_app

    app = make_app((1280, 800), "zh", bot_think_seconds=0.05, **settings)
    app.running = True
    yield app
    for scene in reversed(app.stack):
        scene.on_exit()
    app.stack.clear()


@pytest.fixture
def table_app():
    yield from _running_app(fast_forward=True)


@pytest.fixture
def paced_app(user_dirs):
    """As `table_app`, at the animation pace a player sees (no fast-forward), with its own user folders."""
    yield from _running_app()


@pytest.fixture
def data_copy(tmp_path):
    from wonderland_games.core.paths import data_dir

    root = tmp_path / "data"
    shutil.copytree(data_dir(), root)
    return root


@pytest.fixture
def drawn(monkeypatch):
    from wonderland_games.ui import text as tx

    texts = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: texts.append(text) or
                        real(surface, fonts, text, *a, **k))
    return texts


@pytest.fixture
def rendered(monkeypatch):
    """Every text the frame renders (fit_block, draw_block, draw_line and render all pass through tx.render)."""
    from wonderland_games.ui import text as tx

    texts = []
    real = tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: texts.append(text) or real(font, text, *a, **k))
    return texts
