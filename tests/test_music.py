"""The music: a loop per game and one for the menu, joined without a click, played for the
screen on top with fades between, and silent (never a crash) without a device or a file."""

from __future__ import annotations

import array
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wonderland_games.core import registry  # noqa: E402
from wonderland_games.core.game import Seat  # noqa: E402
from wonderland_games.core.paths import assets_dir  # noqa: E402
from wonderland_games.core.settings import Settings  # noqa: E402
from wonderland_games.ui import music as music_mod  # noqa: E402
from wonderland_games.ui import sound as sound_mod  # noqa: E402
from wonderland_games.ui.music import FADE_IN, FADE_OUT, Music, track_path  # noqa: E402
from wonderland_games.ui.testing import make_app, open_table, step  # noqa: E402

TRACKS = ["menu"] + [info.id for info in registry.games() if info.available]
BUDGET = 15 * 2**20  # the packaged app may grow by less than this (issue 27); sound and music take:
OURS = 3 * 2**20


@pytest.fixture(scope="module")
def decoded():
    """Each loop decoded at the rate it was made at, as 16-bit samples."""
    pygame.mixer.quit()
    pygame.mixer.init(22050, -16, 1)
    try:
        yield {track: array.array("h", pygame.mixer.Sound(str(track_path(track))).get_raw()) for track in TRACKS}
    finally:
        pygame.mixer.quit()


@pytest.mark.parametrize("track", TRACKS)
def test_each_loop_lasts_half_a_minute_to_a_minute(decoded, track):
    assert 30 <= len(decoded[track]) / 22050 <= 60


@pytest.mark.parametrize("track", TRACKS)
def test_each_loop_joins_without_a_click(decoded, track):
    """Across the seam (last sample, then the first) the wave bends no more sharply than it
    does almost everywhere inside the loop: no step, so no click."""
    a = decoded[track]
    bends = sorted(abs(a[i + 1] - 2 * a[i] + a[i - 1]) for i in range(1, len(a) - 1))
    usual = bends[int(len(bends) * 0.99)]
    seam = max(abs(a[0] - 2 * a[-1] + a[-2]), abs(a[1] - 2 * a[0] + a[-1]))
    assert seam <= usual, f"{track}: the seam bends by {seam}, the loop by at most {usual} 99% of the time"
    assert max(abs(x) for x in a) < 0.9 * 32767, "no clipping"


def test_the_sound_and_music_stay_small():
    files = [p for folder in ("sounds", "music") for p in (assets_dir() / folder).iterdir()]
    assert sum(p.stat().st_size for p in files) < OURS < BUDGET


# -- the player ---------------------------------------------------------------------
class Fake:
    """pygame.mixer.music as the player drives it."""

    def __init__(self):
        self.loaded = None
        self.volume = 0.0
        self.busy = False

    def load(self, path):
        if not os.path.isfile(path) or open(path, "rb").read(4) != b"OggS":
            raise pygame.error("Not an Ogg Vorbis audio stream")
        self.loaded = os.path.basename(path)

    def play(self, loops=0):
        self.busy = True

    def stop(self):
        self.busy = False

    def set_volume(self, value):
        self.volume = value


@pytest.fixture
def fake(monkeypatch):
    fake = Fake()
    for name in ("load", "play", "stop", "set_volume"):
        monkeypatch.setattr(pygame.mixer.music, name, getattr(fake, name))
    monkeypatch.setattr(music_mod, "ensure_mixer", lambda: True)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    return fake


def run(player, track, seconds, dt=0.05):
    for _ in range(int(seconds / dt)):
        player.update(dt, track)


def test_a_change_fades_the_old_loop_out_then_the_new_one_in(fake):
    player = Music(Settings(music_volume=0.6))
    run(player, "menu", FADE_IN + 0.1)
    assert fake.loaded == "menu.ogg" and fake.volume == pytest.approx(0.6)
    player.update(0.4, "oz")
    assert fake.loaded == "menu.ogg" and 0 < fake.volume < 0.6, "the menu's loop fades, not cut off"
    run(player, "oz", FADE_OUT)
    assert fake.loaded == "oz.ogg" and fake.volume < 0.2
    run(player, None, FADE_IN + 0.1)  # a dialog on top keeps what plays
    assert fake.loaded == "oz.ogg" and fake.busy and fake.volume == pytest.approx(0.6)


def test_mute_and_volume_apply_at_once(fake):
    settings = Settings(music_volume=0.5)
    player = Music(settings)
    run(player, "menu", FADE_IN + 0.1)
    settings.music_volume = 0.2
    player.configure(settings)
    assert fake.volume == pytest.approx(0.2)
    settings.sound = False
    player.configure(settings)
    run(player, "menu", FADE_OUT + 0.1)
    assert not fake.busy and player.playing is None
    settings.sound = True
    player.configure(settings)
    run(player, "menu", 0.2)
    assert fake.busy and fake.loaded == "menu.ogg"


def test_a_missing_or_broken_loop_is_silence_not_a_crash(fake, monkeypatch, tmp_path, caplog):
    (tmp_path / "menu.ogg").write_bytes(b"not music at all")
    monkeypatch.setattr(music_mod, "track_path", lambda track: tmp_path / f"{track}.ogg")
    player = Music(Settings())
    run(player, "menu", 1.0)
    run(player, "oz", 1.0)
    assert player.playing is None and not fake.busy
    assert sum("cannot play" in r.message for r in caplog.records) == 2, "each said once in the log"


def test_no_audio_device_is_silence(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (_ for _ in ()).throw(pygame.error("no device")))
    monkeypatch.setattr(sound_mod, "_mixer_failed", False)
    player = Music(Settings())
    run(player, "menu", 1.0)
    assert player.playing is None
    effects = sound_mod.Sound(Settings())
    effects.play("click")  # silent, no error


def test_each_screen_plays_its_loop(fake, user_dirs):
    """The menu's loop on the menu, the game's at its table, kept under a dialog."""
    from wonderland_games.scenes.menu import MenuScene
    from wonderland_games.scenes.settings import SettingsScene

    app = make_app((1280, 800), "en", sound=True)
    try:
        app.push(MenuScene(app))
        step(app, int(FADE_IN * 60) + 5)
        assert fake.loaded == "menu.ogg" and app.music_track() == "menu"
        app.push(SettingsScene(app))
        step(app, 5)
        assert app.music_track() == "menu" and fake.loaded == "menu.ogg"
        app.pop()
        open_table(app, "voyage", [Seat("A"), Seat("B")])
        step(app, int((FADE_OUT + FADE_IN) * 60) + 5)
        assert fake.loaded == "voyage.ogg" and fake.volume == pytest.approx(app.settings.music_volume)
    finally:
        app.stack.clear()


def test_the_settings_screen_sets_the_music_volume_and_mute(fake, user_dirs):
    """Clicks on the rows: the music follows at once and the file remembers."""
    from wonderland_games.core.settings import load_settings
    from wonderland_games.scenes.menu import MenuScene
    from wonderland_games.scenes.settings import SettingsScene
    from wonderland_games.ui.testing import click, click_widget

    app = make_app((1024, 640), "zh", sound=True)
    try:
        app.push(MenuScene(app))
        app.push(SettingsScene(app))
        step(app, int(FADE_IN * 60) + 5)
        rows = dict(app.top.rows)
        slider = rows["settings.music_volume"]
        track = slider._track()
        click(app, (track.left + int(track.width * 0.2), track.centery))
        assert load_settings().music_volume == 0.2 and fake.volume == pytest.approx(0.2)
        assert load_settings().volume == 0.8, "the effects keep their own volume"
        mute = rows["settings.sound"]
        assert app.t("settings.muted") == "静音"
        click_widget(app, mute)
        step(app, int(FADE_OUT * 60) + 5)
        assert load_settings().sound is False and not fake.busy and not app.sound.enabled
    finally:
        app.stack.clear()
