"""Render all Wonderland Valley art onto one PNG, to review it as a set.

Each card emblem is shown large (on its role colour, with the role symbol) and at
48 px, the size it has in a crowded city; then the role symbols, resources, worker,
seasons, events, locations, forest cards and the card back.

    /work/venv/bin/python tools/valley_sheet.py [OUT.png]   # default /tmp/valley_sheet.png
    /work/venv/bin/python tools/valley_sheet.py --cards en 1024x640 [OUT.png]

With --cards: every card kind as the table draws it, in the hand (with its cost) and in a
two-player city, at the window size given, in that language (default en 1024x640), at its
real pixels: to check each card's effect line and name at a glance.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402
import yaml  # noqa: E402

from wonderland_games.core.paths import assets_dir, data_dir  # noqa: E402

BACKGROUND = (58, 60, 70)
LABEL = (235, 235, 235)
PALE = (238, 232, 220)
COLUMNS = 12
CELL = 150
SEAT_COLOURS = ("#d8433f", "#3a7bd5", "#f2c14e", "#4caf50")


def svg(path: Path, size: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(path), (size, size))


def card_cell(root: Path, card: dict, role: dict, font) -> pygame.Surface:
    """A role-coloured tile with the emblem at 96 px, plus the 48 px and 24 px versions."""
    cell = pygame.Surface((CELL, 120), pygame.SRCALPHA)
    colour = pygame.Color(role["rgb"])
    pygame.draw.rect(cell, colour, (0, 0, 100, 100), border_radius=8)
    pygame.draw.rect(cell, colour.lerp((255, 255, 255), 0.6), (4, 4, 92, 92), border_radius=6)
    art = root / "cards" / f"{card['id']}.svg"
    cell.blit(svg(art, 88), (6, 6))
    cell.blit(svg(root / "roles" / f"{role['symbol']}.svg", 18), (78, 4))
    pygame.draw.rect(cell, PALE, (100, 0, 50, 100))
    cell.blit(svg(art, 48), (101, 4))
    cell.blit(svg(art, 24), (113, 64))
    cell.blit(font.render(card["id"], True, LABEL), (0, 101))
    return cell


def tinted(surface: pygame.Surface, rgb: str) -> pygame.Surface:
    """What the game will do with the light worker: multiply by the seat colour."""
    out = surface.copy()
    out.fill(pygame.Color(rgb), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def draw_cards(sheet: pygame.Surface, root: Path, cards: dict, font) -> int:
    """The 48 emblems in the data's order (grouped by role); returns the y below them."""
    roles = {role["id"]: role for role in cards["roles"]}
    for index, card in enumerate(cards["cards"]):
        x, y = 16 + index % COLUMNS * (CELL + 8), 16 + index // COLUMNS * 124
        sheet.blit(card_cell(root, card, roles[card["role"]], font), (x, y))
    return 16 + (len(cards["cards"]) + COLUMNS - 1) // COLUMNS * 124 + 8


def draw_icons(sheet: pygame.Surface, root: Path, cards: dict, y: int) -> int:
    """Role symbols on their colours, resources, tinted workers, seasons and event badges."""
    x = 16
    for role in cards["roles"]:  # at 64, 32 and 20 px
        pygame.draw.rect(sheet, pygame.Color(role["rgb"]), (x, y, 130, 70), border_radius=6)
        for size, dx in ((64, 3), (32, 72), (20, 106)):
            sheet.blit(svg(root / "roles" / f"{role['symbol']}.svg", size), (x + dx, y + 3 + (64 - size) // 2))
        x += 140
    for item in [r["id"] for r in cards["resources"]] + ["point"]:
        pygame.draw.rect(sheet, PALE, (x, y, 70, 70), border_radius=6)
        sheet.blit(svg(root / "resources" / f"{item}.svg", 40), (x + 2, y + 2))
        sheet.blit(svg(root / "resources" / f"{item}.svg", 24), (x + 44, y + 42))
        x += 78
    x, y = 16, y + 82
    worker = svg(root / "worker.svg", 64)
    for rgb in SEAT_COLOURS:
        sheet.blit(tinted(worker, rgb), (x, y))
        x += 70
    sheet.blit(svg(root / "worker.svg", 28), (x, y + 36))
    x += 40
    badges = sorted((root / "seasons").glob("*.svg")) + [root / "events" / "basic.svg", root / "events" / "special.svg"]
    for path in badges:
        pygame.draw.rect(sheet, PALE, (x, y, 104, 70), border_radius=6)
        sheet.blit(svg(path, 64), (x + 3, y + 3))
        sheet.blit(svg(path, 28), (x + 72, y + 38))
        x += 112
    return y + 84


def draw_places(sheet: pygame.Surface, root: Path, board: dict, font, top: int) -> None:
    """Basic locations and forest cards at 128 and 40 px, the card back to their right."""
    x, y = 16, top
    right = sheet.get_width() - 360
    for group in ("locations", "forest"):
        for place in board[group]:
            if x + 150 > right:
                x, y = 16, y + 180
            art = root / group / f"{place['id']}.svg"
            sheet.blit(svg(art, 128), (x, y))
            sheet.blit(svg(art, 40), (x + 104, y + 110))
            sheet.blit(font.render(place["id"], True, LABEL), (x, y + 150))
            x += 150
    back = root / "card_back.svg"
    sheet.blit(pygame.image.load_sized_svg(str(back), (250, 350)), (right + 20, top))
    sheet.blit(pygame.image.load_sized_svg(str(back), (70, 98)), (right + 280, top))


def build() -> pygame.Surface:
    root = assets_dir() / "valley"
    cards = yaml.safe_load((data_dir() / "valley" / "cards.yaml").read_text(encoding="utf-8"))
    board = yaml.safe_load((data_dir() / "valley" / "board.yaml").read_text(encoding="utf-8"))
    font = pygame.font.Font(str(assets_dir() / "fonts" / "NotoSansSC-Regular.otf"), 12)
    sheet = pygame.Surface((COLUMNS * (CELL + 8) + 16, 1060))
    sheet.fill(BACKGROUND)
    y = draw_cards(sheet, root, cards, font)
    y = draw_icons(sheet, root, cards, y)
    draw_places(sheet, root, board, font, y)
    return sheet


def build_cards(lang: str = "en", size: tuple = (1024, 640)) -> pygame.Surface:
    """Each kind in the data's order as a hand card and a city card of a 2-player table at `size`."""
    from wonderland_games.games.valley.cards import load_cards
    from wonderland_games.games.valley.city_view import draw_card
    from wonderland_games.games.valley.layout import compute
    from wonderland_games.ui.testing import make_app

    app = make_app(size, lang)
    lay = compute(size, 2)
    hand, city = lay.hand_slots(8)[0].size, lay.city_slots(0)[0].size
    cards = load_cards()
    gap, per = 8, 6
    cell = (hand[0] + city[0] + 3 * gap, max(hand[1], city[1]) + gap)
    rows = (len(cards.kinds) + per - 1) // per
    sheet = pygame.Surface((16 + per * cell[0], 16 + rows * cell[1]))
    sheet.fill((236, 228, 206))  # the table's cities panel
    for i, kind in enumerate(cards.kinds.values()):
        x, y = 16 + i % per * cell[0], 16 + i // per * cell[1]
        role = cards.roles[kind.role]
        draw_card(sheet, pygame.Rect((x, y), hand), lay.s, app, kind, role, cost=True)
        draw_card(sheet, pygame.Rect((x + hand[0] + gap, y), city), lay.s, app, kind, role)
    return sheet


def main(argv: list[str]) -> None:
    pygame.init()
    if argv[:1] == ["--cards"]:
        lang = argv[1] if len(argv) > 1 else "en"
        size = tuple(int(n) for n in argv[2].split("x")) if len(argv) > 2 else (1024, 640)
        out = argv[3] if len(argv) > 3 else f"/tmp/valley_cards_{lang}_{size[0]}x{size[1]}.png"
        image = build_cards(lang, size)
    else:
        out = argv[0] if argv else "/tmp/valley_sheet.png"
        image = build()
    pygame.image.save(image, out)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
