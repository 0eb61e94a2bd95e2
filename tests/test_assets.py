"""Bundled art, sounds and font load the way the game loads them."""

from __future__ import annotations

import os
import wave

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from wonderland_games.core.paths import assets_dir, data_dir  # noqa: E402
from wonderland_games.games.parade.deck import load_deck  # noqa: E402
from wonderland_games.ui.fonts import MISSING, glyph_bitmap  # noqa: E402

ASSETS = assets_dir()
SVGS = sorted(ASSETS.rglob("*.svg"))
WAVS = sorted((ASSETS / "sounds").glob("*.wav"))
FONTS = sorted((ASSETS / "fonts").glob("*.otf"))
CHINESE = "仙境梦游 Wonderland 说梦人 ×±≤"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def test_asset_folders_are_populated():
    assert len(SVGS) >= 6 + 6 + 2 + 5 + 1
    from wonderland_games.ui.sound import NAMES

    assert {w.stem for w in WAVS} >= set(NAMES) >= {"play", "take", "draw", "click", "end", "curtain", "tick", "alarm"}
    assert {f.name for f in FONTS} == {"NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"}
    assert (ASSETS / "fonts" / "OFL.txt").read_text(encoding="utf-8").count("SIL OPEN FONT LICENSE") == 1


@pytest.mark.parametrize("path", SVGS, ids=lambda p: str(p.relative_to(ASSETS)))
@pytest.mark.parametrize("size", [64, 512])
def test_svg_renders_something(path, size):
    surface = pygame.image.load_sized_svg(str(path), (size, size))
    width, height = surface.get_size()
    assert max(width, height) == size
    covered = pygame.mask.from_surface(surface, 1).count() / (width * height)
    assert covered > 0.05, f"{path.name} is (nearly) fully transparent at {size}px"


@pytest.mark.parametrize("art", [colour.art for colour in load_deck().colours])
def test_portraits_leave_room_around_the_figure(art):
    """Portraits are drawn on the card by code, so their corners stay transparent."""
    path = ASSETS / "parade" / art
    surface = pygame.image.load_sized_svg(str(path), (200, 200))
    assert surface.get_at((1, 1)).a == 0
    assert surface.get_at((198, 1)).a == 0


def test_every_colour_has_art_and_symbol():
    for colour in load_deck().colours:
        assert (ASSETS / "parade" / colour.art).is_file(), colour.art
        assert (ASSETS / "parade" / "symbols" / f"{colour.symbol}.svg").is_file(), colour.symbol


def test_icon_png_is_256_square():
    icon = pygame.image.load(str(ASSETS / "ui" / "icon.png"))
    assert icon.get_size() == (256, 256)


@pytest.mark.parametrize("path", WAVS, ids=lambda p: p.name)
def test_wav_is_short_mono_16bit(path):
    with wave.open(str(path)) as sound:
        assert sound.getnchannels() == 1
        assert sound.getsampwidth() == 2
        assert sound.getnframes() / sound.getframerate() < 1.5
        frames = sound.readframes(sound.getnframes())
    assert any(frames), f"{path.name} is silent"


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_font_draws_chinese(path):
    font = pygame.font.Font(str(path), 24)
    metrics = font.metrics(CHINESE)
    missing = [ch for ch, m in zip(CHINESE, metrics) if m is None]
    assert not missing, f"{path.name} lacks {missing}"
    assert all(m[4] > 0 for m in metrics), "every glyph advances the pen"
    assert font.size("梦")[0] > font.size("i")[0]


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_font_subset_stays_small(path):
    assert path.stat().st_size < 3_000_000


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


@pytest.mark.parametrize("path", sorted(data_dir().rglob("*.yaml")) + sorted(data_dir().rglob("*.md")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_text_in_the_data_has_glyphs_in_the_bundled_font(path):
    """The subset holds Latin-1 and GB2312: a name like 'Hạ Long' would draw a box."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".yaml":
        text = "".join(_strings(yaml.safe_load(text)))
    chars = sorted({ch for ch in text if not ch.isspace()})
    for font_path in FONTS:
        font = pygame.font.Font(str(font_path), 16)
        box = glyph_bitmap(font, MISSING)
        missing = [ch for ch in chars if glyph_bitmap(font, ch) == box]
        assert not missing, f"{path.name}: {font_path.name} cannot draw {missing}"
