"""The round's two piles as two small chips, the correct pile teal and the wrong pile red: what
the counts read, and where a judged card lands when it moves (`pile:correct`, `pile:wrong`).

Both modes draw them (bot mode under the dream card and beside a round's scores, table mode
at the ends of the view's header), so a card always has its pile to travel to.
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px

COLOURS = {"correct": theme.TEAL, "wrong": theme.RED}
SIZE = 15  # the chips' type (unscaled)


def chips(app, area: pygame.Rect, s: float, counts: dict, place: str = "centre") -> dict:
    """{"correct": (rect, text), "wrong": (rect, text)} in `area`, vertically centred: side by side
    in its middle ("centre"), at its two ends ("ends") or together at its right ("right")."""
    font = app.fonts.get(px(SIZE, s), True)
    pad, gap = px(9, s), px(8, s)
    h = min(area.height, px(26, s))
    out, widths = {}, {}
    for name in ("correct", "wrong"):
        text = app.t(f"dream.pile.{name}", n=counts[name])
        widths[name] = min(font.size(text)[0] + 2 * pad, max(1, (area.width - gap) // 2))
        out[name] = text
    both = widths["correct"] + gap + widths["wrong"]
    left = {"centre": area.centerx - both // 2, "right": area.right - both}.get(place, area.left)
    lefts = {"correct": left, "wrong": left + widths["correct"] + gap}
    if place == "ends":
        lefts["wrong"] = area.right - widths["wrong"]
    top = area.centery - h // 2
    return {name: (pygame.Rect(lefts[name], top, widths[name], h), out[name]) for name in out}


def draw(surface: pygame.Surface, app, placed: dict, s: float) -> None:
    """The chips `chips` placed: a pale face, an edge and the count in the pile's colour."""
    for name, (rect, text) in placed.items():
        colour = COLOURS[name]
        pygame.draw.rect(surface, theme.WHITE, rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, colour, rect, width=max(1, px(2, s)), border_radius=rect.height // 2)
        tx.draw_line(surface, app.fonts, text, rect.inflate(-px(8, s), 0), px(SIZE, s), colour, bold=True)

