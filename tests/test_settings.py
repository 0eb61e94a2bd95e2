"""Settings: defaults, round trip, clamping, broken files."""

import json
import locale

import pytest

from wonderland_games.core import settings as settings_mod
from wonderland_games.core.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERLAND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WONDERLAND_CONFIG_DIR", str(tmp_path / "config"))
    for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("en_US", "UTF-8"))


@pytest.mark.parametrize("env, expected", [("zh_CN.UTF-8", "zh"), ("zh_TW", "zh"), ("en_GB.UTF-8", "en"),
                                           ("de_DE", "en"), ("C.UTF-8", "en")])
def test_default_language_follows_the_system_locale(monkeypatch, env, expected):
    monkeypatch.setenv("LANG", env)
    assert Settings().language == expected
    assert load_settings().language == expected  # no file yet


def test_windows_style_locale_name(monkeypatch):
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Chinese (Simplified)_China", "936"))
    assert settings_mod.system_language() == "zh"


def test_defaults():
    s = load_settings()
    assert (s.fullscreen, s.window_size, s.animation_speed, s.fast_forward, s.sound, s.volume,
            s.bot_think_seconds) == (False, (1280, 800), 1.0, False, True, 0.8, 1.0)


def test_round_trip_leaves_no_temp_file():
    s = Settings(language="zh", fullscreen=True, window_size=(1600, 900), animation_speed=2.0,
                 fast_forward=True, sound=False, volume=0.25, bot_think_seconds=0.5)
    save_settings(s)
    assert load_settings() == s
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]


def test_out_of_range_values_are_clamped_and_bad_ones_defaulted():
    settings_path().write_text(json.dumps({
        "language": "fr", "fullscreen": "yes", "window_size": [10, 99999], "animation_speed": 9,
        "fast_forward": 1, "sound": False, "volume": -3, "bot_think_seconds": "slow", "unknown": 1,
    }))
    s = load_settings()
    assert s.language == "en" and s.fullscreen is False and s.fast_forward is False and s.sound is False
    assert s.window_size == (640, 4320)
    assert s.animation_speed == 3.0 and s.volume == 0.0 and s.bot_think_seconds == 1.0


def test_nan_and_wrong_shapes_fall_back_to_defaults():
    settings_path().write_text('{"volume": NaN, "animation_speed": true, "window_size": [800], "language": null}')
    s = load_settings()
    assert s.volume == 0.8 and s.animation_speed == 1.0 and s.window_size == (1280, 800) and s.language == "en"


def test_music_volume_apart_from_the_effects_and_remembered():
    save_settings(Settings(volume=0.9, music_volume=0.3, sound=False))
    s = load_settings()
    assert (s.volume, s.music_volume, s.sound) == (0.9, 0.3, False)
    save_settings(Settings(music_volume=4))
    assert load_settings().music_volume == 1.0


@pytest.mark.parametrize("old, music", [({"sound": True, "volume": 0.2}, 0.2), ({"sound": False, "volume": 1.0}, 0.5),
                                        ({"volume": "loud"}, 0.5), ({}, 0.5)])
def test_a_settings_file_from_before_the_music_still_loads(old, music):
    """One volume then: it becomes the effects' volume, and the music is never louder than it
    (a player who had turned the sound down does not meet loud music); off stays off (muted)."""
    settings_path().write_text(json.dumps({"language": "en", **old}))
    s = load_settings()
    assert s.music_volume == music and s.sound is old.get("sound", True)
    assert s.volume == (old["volume"] if isinstance(old.get("volume"), float) else 0.8)


def test_save_clamps_too():
    save_settings(Settings(volume=7, animation_speed=0.1))
    assert json.loads(settings_path().read_text())["volume"] == 1.0
    assert load_settings().animation_speed == 0.5


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe\x00garbage", b"[1, 2]", b"null", b'"text"'])
def test_broken_file_gives_defaults_and_is_not_rewritten(content):
    settings_path().write_bytes(content)
    assert load_settings() == Settings()
    assert settings_path().read_bytes() == content


# -- window size against the screen ------------------------------------------------
def test_only_window_sizes_that_fit_the_screen_are_offered():
    fits = settings_mod.window_sizes((1600, 1000))
    assert fits == [(1024, 640), (1280, 800), (1440, 900)]  # 1600x1000 would lose its title bar
    assert (1600, 1000) in settings_mod.window_sizes((1920, 1080))
    assert settings_mod.window_sizes((3840, 2160)) == sorted(settings_mod.WINDOW_SIZES)
    assert settings_mod.window_sizes((1600, 1000), (1100, 700)) == [(1024, 640), (1100, 700), (1280, 800), (1440, 900)]


def test_a_screen_smaller_than_every_preset_still_offers_one_size_that_fits():
    assert settings_mod.window_sizes((800, 600)) == [(800, 600)]
    assert settings_mod.window_sizes((1280, 700)) == [(1024, 640)]


def test_a_saved_size_from_a_larger_monitor_is_fitted_but_never_below_the_minimum():
    assert settings_mod.fit_window((2560, 1440), (1600, 1000)) == (1584, 920)
    assert settings_mod.fit_window((1280, 800), (1600, 1000)) == (1280, 800)
    assert settings_mod.fit_window((640, 400), (1600, 1000)) == (1024, 640)
    assert settings_mod.fit_window((2560, 1440), (1024, 768)) == (1024, 688)
    assert settings_mod.minimum_window((800, 600)) == (800, 600)


@pytest.mark.parametrize("stored, kept", [(1.5, 1.5), (1.25, 1.25), (1, 1.0), (1.4, 1.5), (9, 1.5), (0.2, 1.0),
                                          ("big", 1.0), (True, 1.0), (None, 1.0)])
def test_text_size_is_one_of_the_sizes_offered(stored, kept):
    """A hand-edited text size becomes the nearest size the settings offer; a wrong type the default,
    and the rest of the file still loads."""
    settings_path().write_text(json.dumps({"text_scale": stored, "volume": 0.3}))
    s = load_settings()
    assert s.text_scale == kept and s.text_scale in settings_mod.TEXT_SCALES and s.volume == 0.3
