"""Names on small tiles and cards, whole and legible.

QA screenshots at 1024x640 showed names shrunk to 9 px, ellipsized ("Looking-Gl…")
or split mid-word ("Bountifu / l", "Crossro- / ads"). A name here wraps onto more
lines before it shrinks, never below `legible` (12 px at 1024x640) where there is
room; an English name breaks at spaces or after its own hyphen, never inside a
word; a Chinese one only if it must, into even lines (no character left alone).
Only when even that cannot fit (city cards with 3-4 players) does it shrink, down
to 2/3 of legible.
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


def _balanced(text: str, n: int) -> list:
    """`text` in `n` lines as even as can be (7 characters in 3: 3, 2, 2), so none stands alone."""
    per, extra = divmod(len(text), n)
    out, i = [], 0
    for k in range(n):
        j = i + per + (k < extra)
        out.append(text[i:j])
        i = j
    return out


# Where an English word of the names may break when it is wider than a tile or a card: at its
# syllables ("Un-birth-day", "Cross-roads"), never where the width ran out ("Crossro-ads").
SYLLABLES = {word.replace("-", ""): word for word in (
    "Bab-bling Bad-ger Bal-loon Bea-ver Book-worm Boun-ti-ful Bram-ble Buil-ders Car-pen-ter "
    "Car-ri-er Cas-tle Cat-er-pil-lar Chair-man Chesh-ire Cho-rus Col-lec-tor Col-our Coun-cil "
    "Crit-ter Cro-quet Cross-roads Dor-mouse Drow-sy Duch-ess Em-er-ald Fer-ry-man Fes-ti-val "
    "Gar-den Gry-phon Har-vest Hedge-hog Her-ald Hol-low Knit-ting Lau-rel Lob-ster Look-ing Mag-pie "
    "Mar-ket Mas-ter Moon-light Mush-room Or-chard Or-chard-ist Pal-ace Pea-cock Peb-ble Peb-bles "
    "Ped-dler Pi-geon Quar-ry Rab-bit Shop-keep-er Sign-post Squir-rel Stand-ing Sto-ry-tell-er "
    "Sto-ry-tell-ing Sum-mer Talk-a-tive The-a-tre Tin-smith's Toad-stool Tor-toise Trav-el-lers "
    "Tur-tle Un-birth-day Val-ley Van-ish-ing Vis-i-tors Wal-rus Wel-come Win-ter Wish-ing Wiz-ard's "
    "Wood-land Work-shop Yel-low Won-der-land".split())}


def _syllables(part: str) -> list:
    """A word's syllables (SYLLABLES), between which it may break with a hyphen, or the word whole."""
    own = "-" if part.endswith("-") else ""
    pieces = SYLLABLES.get(part.rstrip("-"), part.rstrip("-")).split("-")
    return pieces[:-1] + [pieces[-1] + own]


def wrap_name(font, text: str, width: int, syllables: bool = True):
    """The lines of `text` within `width`, or None when a word is wider than the line. English breaks
    at spaces, after a hyphen, and in a long word at a syllable of SYLLABLES only (unless `syllables`
    is False); Chinese between any two characters, into even lines."""
    if not text.isascii():
        for n in range(len(tx.wrap(font, text, width)), len(text) + 1):
            lines = _balanced(text, n)
            if all(font.size(x)[0] <= width for x in lines):
                return lines
        return None
    lines, line = [], ""
    for word in text.split():
        for j, part in enumerate(re.findall(r"[^-]+-?|-", word)):
            candidate = line + (" " if line and j == 0 else "") + part
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            if font.size(part)[0] > width:
                if not syllables:
                    return None
                pieces = _syllables(part)
                for k, piece in enumerate(pieces):
                    tail = "-" if k < len(pieces) - 1 else ""  # if the line broke after this piece
                    if font.size(line + piece + tail)[0] <= width:
                        line += piece
                        continue
                    if not line or font.size(piece + tail)[0] > width:
                        return None
                    lines.append(line + "-")
                    line = piece
                continue
            line = part
    return lines + [line] if line else lines


def name_lines(fonts, text: str, width: int, height: int, size: int, smallest: int) -> tuple:
    """(font, lines): `name_fit`, else ellipsized (a last resort)."""
    return name_fit(fonts, text, width, height, size, smallest) or \
        tx.fit_block(fonts, text, width, height, smallest, True, min_ratio=0.6)


def name_fit(fonts, text: str, width: int, height: int, size: int, smallest: int):
    """(font, lines): one line if a slightly smaller size fits it (a Chinese name: any size down to
    `smallest`, as it breaks only if it must); else the largest size from `size` down to `smallest`
    at which the name fits whole in bold, else in the regular face, then smaller, down to 2/3 of
    `smallest`: broken between whole words at a legible size before a word is broken at a
    syllable ("Unbirth-day Party" where "Unbirthday Party" fits a little smaller; never where
    the width ran out, "Woodland Crossro-ads" read as a typo); else None."""
    size = max(smallest, fonts.pixels(size))  # pixels from here: larger text, the same legible floors
    low = smallest if not text.isascii() else max(smallest, size * 6 // 7)
    for sz in range(size, low - 1, -1):  # one line, if a little smaller does it
        font = fonts.get(sz, True, fixed=True)
        if font.size(text)[0] <= width and line_step(font) <= height:
            return font, [text]
    tries = [(sz, True) for sz in range(size, smallest - 1, -1)] + [(smallest, False)]
    tries += [(sz, False) for sz in range(smallest - 1, max(8, smallest * 2 // 3) - 1, -1)]
    whole = [(sz, bold) for sz, bold in tries if sz >= smallest]
    for (sz, bold), syllables in [(t, False) for t in whole] + [(t, True) for t in tries]:
        font = fonts.get(sz, bold, fixed=True)  # the regular face is narrower
        lines = wrap_name(font, text, width, syllables)
        if lines is not None and len(lines) * line_step(font) <= height:
            return font, lines
    return None


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
