"""Every Wonderland Valley id in the data has its drawing, and each one renders.

The table (built later) looks art up by the ids in data/valley/*.yaml, so a renamed
card or a forgotten file must fail here rather than as a crash at the table.
"""

from __future__ import annotations

import importlib.util
import os
import xml.etree.ElementTree as ET
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from wonderland_games.core.paths import assets_dir, data_dir  # noqa: E402

ART = assets_dir() / "valley"
CARDS = yaml.safe_load((data_dir() / "valley" / "cards.yaml").read_text(encoding="utf-8"))
BOARD = yaml.safe_load((data_dir() / "valley" / "board.yaml").read_text(encoding="utf-8"))
RULES = yaml.safe_load((data_dir() / "valley" / "rules.yaml").read_text(encoding="utf-8"))
SEASONS = {season["id"] for season in RULES["seasons"]} - {"final_winter"}  # the second winter reuses winter.svg

EMBLEMS = (
    [f"cards/{card['id']}.svg" for card in CARDS["cards"]]
    + [f"locations/{place['id']}.svg" for place in BOARD["locations"]]
    + [f"forest/{place['id']}.svg" for place in BOARD["forest"]]
)
ICONS = (
    [f"roles/{role['symbol']}.svg" for role in CARDS["roles"]]
    + [f"resources/{resource['id']}.svg" for resource in CARDS["resources"]]
    + ["resources/point.svg", "worker.svg", "events/basic.svg", "events/special.svg"]
    + [f"seasons/{season}.svg" for season in sorted(SEASONS)]
)
EVERY = EMBLEMS + ICONS + ["card_back.svg"]
UNSUPPORTED = {"text", "use", "filter", "mask", "clipPath", "image", "foreignObject", "pattern"}


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def test_every_valley_id_has_its_file_and_no_file_is_stray():
    missing = [name for name in EVERY if not (ART / name).is_file()]
    assert not missing
    on_disk = {str(path.relative_to(ART)) for path in ART.rglob("*.svg")}
    assert on_disk == set(EVERY), "a drawing whose id is not in the data: " + ", ".join(sorted(on_disk - set(EVERY)))


def test_role_symbols_are_distinct_shapes_in_one_colour():
    symbols = [role["symbol"] for role in CARDS["roles"]]
    assert len(set(symbols)) == len(symbols) == 5
    for symbol in symbols:
        colours = {value for node in ET.parse(ART / "roles" / f"{symbol}.svg").iter()
                   for key, value in node.attrib.items() if key in ("fill", "stroke") and value != "none"}
        assert colours == {"#222222"}, symbol


@pytest.mark.parametrize("name", EVERY)
def test_only_elements_nanosvg_draws(name):
    tags = {node.tag.split("}")[-1] for node in ET.parse(ART / name).iter()}
    assert not tags & UNSUPPORTED, f"{name} uses {tags & UNSUPPORTED}"
    assert "href" not in (ART / name).read_text(encoding="utf-8")


def _coverage(surface: pygame.Surface) -> float:
    width, height = surface.get_size()
    return pygame.mask.from_surface(surface, 1).count() / (width * height)


@pytest.mark.parametrize("name", EVERY)
@pytest.mark.parametrize("size", [48, 200])
def test_renders_something_at_table_sizes(name, size):
    surface = pygame.image.load_sized_svg(str(ART / name), (size, size))
    assert abs(max(surface.get_size()) - size) <= 1  # aspect kept, rounding may add a pixel
    assert _coverage(surface) > 0.1, f"{name} is (nearly) blank at {size}px"


@pytest.mark.parametrize("name", EMBLEMS)
def test_emblems_leave_room_around_the_figure(name):
    """The table draws the frame and colour; the emblem must not paint over it as a square."""
    surface = pygame.image.load_sized_svg(str(ART / name), (48, 48))
    assert _coverage(surface) < 0.9, f"{name} fills its square"
    corners = [(0, 0), (47, 0), (0, 47), (47, 47)]
    assert sum(surface.get_at(corner).a == 0 for corner in corners) >= 2, f"{name} paints its corners"


def test_card_back_is_opaque_and_portrait():
    back = pygame.image.load_sized_svg(str(ART / "card_back.svg"), (250, 350))
    assert back.get_size() == (250, 350)
    assert back.get_at((125, 175)).a == 255


def test_worker_is_light_so_the_game_can_tint_it():
    worker = pygame.image.load_sized_svg(str(ART / "worker.svg"), (48, 48))
    centre = worker.get_at((24, 30))
    assert centre.a == 255 and min(centre.r, centre.g, centre.b) > 200


def test_review_sheet_draws_every_part():
    """tools/valley_sheet.py must keep up with the data: it looks every id up as the table will."""
    path = Path(__file__).resolve().parent.parent / "tools" / "valley_sheet.py"
    spec = importlib.util.spec_from_file_location("valley_sheet", path)
    sheet_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sheet_module)
    sheet = sheet_module.build()
    background = pygame.Color(*sheet_module.BACKGROUND)
    assert sheet.get_at((60, 50)) != background  # the first emblem
    assert sheet.get_at((sheet.get_width() - 200, sheet.get_height() - 300)) != background  # the card back


def test_card_sheet_draws_every_kind_as_the_table_does(table_app):
    """tools/valley_sheet.py --cards: every kind's hand and city card, each painted (none left blank)."""
    path = Path(__file__).resolve().parent.parent / "tools" / "valley_sheet.py"
    spec = importlib.util.spec_from_file_location("valley_sheet", path)
    sheet_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sheet_module)
    sheet = sheet_module.build_cards("zh", (1024, 640))
    background = sheet.get_at((2, 2))
    per, kinds = 6, len(CARDS["cards"])
    cell_w, cell_h = (sheet.get_width() - 16) // per, (sheet.get_height() - 16) // ((kinds + per - 1) // per)
    for i in range(kinds):
        x, y = 16 + i % per * cell_w, 16 + i // per * cell_h
        assert sheet.get_at((x + 20, y + 20)) != background, CARDS["cards"][i]["id"]
