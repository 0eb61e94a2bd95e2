"""Render every SVG under assets/ onto one PNG, to look at the art as a set.

Portraits are shown on plain mock cards at zoomed and hand size, beside their
colour-blind symbols; then the menu tiles, the card back, and the table with
real in-game cards (the Parade scene's CardPainter) on it, and the icon.

    /work/venv/bin/python tools/contact_sheet.py [OUT.png]   # default /tmp/contact.png
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from wonderland_games.core.paths import assets_dir  # noqa: E402
from wonderland_games.games.parade.cards import CardPainter  # noqa: E402
from wonderland_games.games.parade.deck import load_deck  # noqa: E402
from wonderland_games.ui.fonts import FILES as FONT_FILES  # noqa: E402

BACKGROUND = (58, 60, 70)
LABEL = (235, 235, 235)
GAP = 16
TILES = ("parade", "oz", "voyage", "valley", "dream")  # menu order


def svg(path: Path, size: tuple[int, int]) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(path), size)


def mock_card(art: pygame.Surface, colour: pygame.Color, width: int, value: int, font) -> pygame.Surface:
    """A stand-in for the runtime card: rounded colour card, pale portrait panel, numerals."""
    height = int(width * 1.4)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 12)
    pygame.draw.rect(card, colour, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, (40, 34, 50), card.get_rect(), width=max(1, width // 60), border_radius=radius)
    panel = pygame.Rect(0, 0, int(width * 0.84), int(width * 0.84))
    panel.center = (width // 2, int(height * 0.55))
    pale = colour.lerp((255, 255, 255), 0.55)
    pygame.draw.rect(card, pale, panel, border_radius=radius)
    scaled = pygame.transform.smoothscale(art, panel.size)
    card.blit(scaled, panel)
    text = font.render(str(value), True, (255, 255, 255))
    outline = font.render(str(value), True, (40, 34, 50))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        card.blit(outline, (width * 0.07 + dx, height * 0.01 + dy))
    card.blit(text, (width * 0.07, height * 0.01))
    return card


def label(surface: pygame.Surface, font, text: str, pos: tuple[int, int]) -> None:
    surface.blit(font.render(text, True, LABEL), pos)


def build() -> pygame.Surface:
    root = assets_dir()
    deck = load_deck()
    font = pygame.font.Font(str(root / "fonts" / "NotoSansSC-Regular.otf"), 14)
    sheet = pygame.Surface((1500, 1400))
    sheet.fill(BACKGROUND)
    x = y = GAP

    for index, colour in enumerate(deck.colours):
        rgb = pygame.Color(colour.rgb)
        big = svg(root / "parade" / colour.art, (220, 220))
        small_card = mock_card(big, rgb, 90, index + 3, pygame.font.Font(str(root / "fonts" / "NotoSansSC-Bold.otf"), 22))
        big_card = mock_card(big, rgb, 220, 10 - index, pygame.font.Font(str(root / "fonts" / "NotoSansSC-Bold.otf"), 48))
        cx = x + index * 240
        sheet.blit(big_card, (cx, y))
        sheet.blit(small_card, (cx, y + 320))
        checker = pygame.Surface((64, 64))
        checker.fill((200, 200, 200))
        checker.blit(svg(root / "parade" / colour.art, (64, 64)), (0, 0))
        sheet.blit(checker, (cx + 100, y + 320))
        sym = pygame.Surface((40, 40))
        sym.fill(rgb)
        sym.blit(svg(root / "parade" / "symbols" / f"{colour.symbol}.svg", (40, 40)), (0, 0))
        sheet.blit(sym, (cx + 100, y + 390))
        tiny = pygame.Surface((24, 24))
        tiny.fill(rgb)
        tiny.blit(svg(root / "parade" / "symbols" / f"{colour.symbol}.svg", (20, 20)), (2, 2))
        sheet.blit(tiny, (cx + 150, y + 398))
        label(sheet, font, f"{colour.name['zh']} {colour.name['en']}", (cx, y + 450))
    y += 480

    tiles = [root / "ui" / "tiles" / f"{name}.svg" for name in TILES]
    for index, path in enumerate(tiles):
        sheet.blit(svg(path, (320, 200)), (x + index * 336 % 1344, y + index * 336 // 1344 * 230))
        label(sheet, font, path.name, (x + index * 336 % 1344, y + 202 + index * 336 // 1344 * 230))
    y += 470

    sheet.blit(svg(root / "parade" / "card_back.svg", (250, 350)), (x, y))
    sheet.blit(svg(root / "parade" / "card_back.svg", (90, 126)), (x + 260, y))
    table = svg(root / "parade" / "table.svg", (640, 400))
    painter = CardPainter(deck, lambda size, bold=False: pygame.font.Font(str(root / "fonts" / FONT_FILES[bold]), size))
    for index in range(len(deck.colours)):
        table.blit(painter.face(deck.card(index, 2 * index), 84), (20 + index * 86, 60))
        table.blit(painter.face(deck.card(index, 10 - index), 56), (60 + index * 66, 220))
    table.blit(painter.back(84), (548, 60))
    table.blit(painter.back(56), (540, 220))
    sheet.blit(table, (x + 370, y))
    sheet.blit(svg(root / "ui" / "icon.svg", (256, 256)), (x + 1030, y))
    sheet.blit(svg(root / "ui" / "icon.svg", (48, 48)), (x + 1030, y + 270))
    sheet.blit(svg(root / "ui" / "icon.svg", (32, 32)), (x + 1090, y + 270))
    return sheet


def main(argv: list[str]) -> None:
    out = argv[0] if argv else "/tmp/contact.png"
    pygame.init()
    pygame.image.save(build(), out)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
