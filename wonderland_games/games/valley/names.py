"""Names on small tiles and cards, whole and legible.

QA screenshots at 1024x640 showed names shrunk to 9 px, ellipsized ("Looking-Gl…")
or split mid-word ("Bountifu / l"). A name here wraps onto more lines before it
shrinks, never below `legible` (12 px at 1024x640) where there is room; an
English name breaks at spaces, then after a hyphen, and only a word wider than
the whole line is cut, with a hyphen. Only when even that cannot fit the height
(city cards with 3-4 players) does it shrink, down to 2/3 of legible.
"""

from __future__ import annotations

import re

import pygame

from ...ui import text as tx
from ...ui.theme import px

LEGIBLE = 15  # unscaled: the smallest name, 12 px at 1024x640


def legible(s: float) -> int:
    return px(LEGIBLE, s)


def line_step(font) -> int:
    """A name's line spacing: the font's own is loose for two-line labels."""
    return max(font.get_height() * 4 // 5, font.size("Mg")[1] * 3 // 4)


def _split_word(font, word: str, width: int) -> list:
    """A word wider than the line, cut into pieces that fit, each but the last ending in '-'."""
    out = []
    while font.size(word)[0] > width and len(word) > 1:
        k = max(2, len(word) - 3)  # three letters at least go on
        while k > 1 and font.size(word[:k] + "-")[0] > width:
            k -= 1
        out.append(word[:k] + "-")
        word = word[k:]
    return out + [word]


def wrap_name(font, text: str, width: int, cut: bool):
    """The lines of `text` within `width`, or None when a word would have to be cut and `cut` is False."""
    if not text.isascii():  # Chinese: any two characters may part, into lines of even length
        lines = tx.wrap(font, text, width)
        per = -(-len(text) // len(lines))
        even = [text[i:i + per] for i in range(0, len(text), per)]
        return even if len(even) == len(lines) and all(font.size(x)[0] <= width for x in even) else lines
    lines, line = [], ""
    for word in text.split():
        for j, part in enumerate(re.findall(r"[^-]+-?|-", word)):
            candidate = line + (" " if line and j == 0 else "") + part
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            pieces = [part]
            if font.size(part)[0] > width:
                if not cut:
                    return None
                pieces = _split_word(font, part, width)
            lines += pieces[:-1]
            line = pieces[-1]
    return lines + [line] if line else lines


def name_lines(fonts, text: str, width: int, height: int, size: int, smallest: int) -> tuple:
    """(font, lines): one line if a slightly smaller size fits it; else the largest size from `size`
    down to `smallest` at which the name fits whole, words uncut, in bold; else in the regular face
    at `smallest`, uncut, then with a word cut after a hyphen; else, smaller, down to 2/3 of
    `smallest`, the same two (on the narrow city cards of 3-4 players a word split mid-way with
    no hyphen, "Moonligh / t", read worse than a smaller one); else ellipsized (a last resort)."""
    size = max(smallest, size)
    for sz in range(size, max(smallest, size * 6 // 7) - 1, -1):  # one line, if a little smaller does it
        font = fonts.get(sz, True)
        if font.size(text)[0] <= width and line_step(font) <= height:
            return font, [text]
    for sz in range(size, smallest - 1, -1):
        font = fonts.get(sz, True)
        lines = wrap_name(font, text, width, cut=False)
        if lines is not None and len(lines) * line_step(font) <= height:
            return font, lines
    smaller = range(smallest - 1, max(8, smallest * 2 // 3) - 1, -1)
    tries = [(smallest, False), (smallest, True)] + [(sz, False) for sz in smaller] + [(sz, True) for sz in smaller]
    for sz, cut in tries:  # the regular face is narrower
        font = fonts.get(sz, False)
        lines = wrap_name(font, text, width, cut=cut)
        if lines is not None and len(lines) * line_step(font) <= height:
            return font, lines
    return tx.fit_block(fonts, text, width, height, smallest, True, min_ratio=0.6)


def draw_lines(surface, font, lines: list, midtop: tuple, colour) -> int:
    """Lines centred under `midtop`, `line_step` apart; returns the height they took."""
    step = line_step(font)
    x, y = midtop
    for line in lines:
        img = tx.render(font, line, colour)
        surface.blit(img, img.get_rect(midtop=(x, y - (font.get_height() - step) // 2)))
        y += step
    return step * len(lines)


def draw_name(surface, fonts, text: str, area: pygame.Rect, size: int, smallest: int, colour) -> int:
    """The name centred from the top of `area`; returns the height it took."""
    font, lines = name_lines(fonts, text, area.width, area.height, size, smallest)
    return draw_lines(surface, font, lines, area.midtop, colour)
