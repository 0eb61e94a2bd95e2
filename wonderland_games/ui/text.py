"""Text that always fits its box: wrapping for Chinese and English, shrinking, ellipsis.

Chinese breaks between any two characters, with the usual kinsoku rules: no
line starts with closing punctuation or ends with opening punctuation, and a
paragraph never ends on a line of one lone character (it takes the character
before it along). English breaks between words, and a word wider than the line
is split by characters. In both, a number stays on the line of the word after
it, and a Chinese character written against a number ("绿2") stays with it.
A rendered-text cache keeps per-frame drawing cheap.
"""

from __future__ import annotations

import re

import pygame

_NO_LINE_START = set("，。、！？；：）」』》〉】”’,.!?;:)]}%…—·")
_NO_LINE_END = set("（「『《〈【“‘([{±")  # "±1" stays whole (the Wizard card)
_TOKEN = re.compile(r"\s+|[A-Za-z0-9\u00C0-\u024F'’\-_/@#&+.,:;!?()\[\]\"%]+|.", re.S)
ELLIPSIS = "…"


def _is_space(token: str) -> bool:
    return token.isspace()


def _cjk(char: str) -> bool:
    """A Chinese character or full-width mark: a line may break on either side of it."""
    return ord(char) >= 0x2E80


def _tokens(text: str) -> list:
    tokens = _TOKEN.findall(text)
    merged: list = []
    for tok in tokens:
        # keep closing punctuation with the token before it, opening with the one after (kinsoku)
        closing = len(tok) == 1 and tok in _NO_LINE_START
        if closing and len(merged) > 1 and _is_space(merged[-1]) and not _is_space(merged[-2]):
            space = merged.pop()
            merged[-1] += space + tok  # "电脑 · 普通": the spaced dot stays with the word before
        elif merged and not _is_space(merged[-1]) and not _is_space(tok) and (closing or merged[-1][-1] in _NO_LINE_END):
            merged[-1] += tok
        elif merged and tok[0].isdigit() and _cjk(merged[-1][-1]) and merged[-1][-1] not in _NO_LINE_START:
            merged[-1] += tok  # "绿2": a card's colour stays with its number
        elif len(merged) > 1 and not _is_space(tok) and _is_space(merged[-1]) and merged[-2].isdigit():
            space = merged.pop()
            merged[-1] += space + tok  # "4 humans", "第 2 轮": a count stays with what it counts
        else:
            merged.append(tok)
    return merged


def _split(font: pygame.font.Font, token: str, width: int) -> list:
    """A token wider than the line in pieces that fit, cut where kinsoku allows if it can."""
    pieces = []
    while len(token) > 1 and font.size(token)[0] > width:
        fit = 1
        while fit < len(token) - 1 and font.size(token[:fit + 1])[0] <= width:
            fit += 1
        cut = next((i for i in range(fit, 0, -1)
                    if token[i] not in _NO_LINE_START and token[i - 1] not in _NO_LINE_END), fit)
        pieces.append(token[:cut])
        token = token[cut:]
    return pieces + [token]


def _lone(token: str) -> bool:
    """One Chinese character, with any closing punctuation after it."""
    core = token.rstrip("".join(_NO_LINE_START))
    return len(core) == 1 and _cjk(core)


def _no_lone_last_line(font: pygame.font.Font, lines: list, width: int) -> list:
    """A paragraph ending on one lone character: the previous line hands down its last one."""
    if len(lines) < 2 or not _lone(lines[-1]):
        return lines
    before = _tokens(lines[-2])
    moved = before[-1] + lines[-1]
    if len(before) < 2 or not _lone(before[-1]) or font.size(moved)[0] > width:
        return lines
    return lines[:-2] + ["".join(before[:-1]).rstrip(), moved]


def wrap(font: pygame.font.Font, text: str, width: int) -> list:
    """Lines of `text` no wider than `width` (explicit newlines kept)."""
    lines: list = []
    for para in text.split("\n"):
        start = len(lines)
        line = ""
        for tok in _tokens(para):
            if _is_space(tok):
                if line:
                    line += " "
                continue
            candidate = line + tok
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line.strip():
                lines.append(line.rstrip())
                line = ""
            if font.size(tok)[0] <= width:
                line = tok
                continue
            *full, line = _split(font, tok, width)
            lines.extend(full)
        lines.append(line.rstrip())
        lines[start:] = _no_lone_last_line(font, lines[start:], width)
    return lines


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if font.size(text[:mid].rstrip() + ELLIPSIS)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


# -- rendering -----------------------------------------------------------------------
_render_cache: dict = {}
_CACHE_MAX = 800


def render(font: pygame.font.Font, text: str, color: tuple) -> pygame.Surface:
    key = (font, text, tuple(color))  # the font itself, not id(): ids of freed fonts get reused
    surf = _render_cache.get(key)
    if surf is None:
        if len(_render_cache) > _CACHE_MAX:
            _render_cache.clear()
        surf = font.render(text, True, color)
        if len(color) == 4:
            surf.set_alpha(color[3])
        _render_cache[key] = surf
    return surf


def _smaller(size: int, usual: int) -> int:
    """The next size a fitted text tries: a twelfth smaller, but passing through its size at 100%
    (`usual`) on the way down from a larger text size, so it is never smaller than there for a step."""
    smaller = size - max(1, size // 12)
    return usual if smaller < usual < size else smaller


def fit_line(fonts, text: str, width: int, height: int, size: int, bold: bool = False, min_ratio: float = 0.7):
    """(font, text) for one line inside width x height: shrink first, then ellipsize. The text
    starts at the player's text size and may shrink to the same pixels as at 100%, so a text that
    fits there fits at any text size (larger where its box has room)."""
    size, smallest, usual = fonts.pixels(size), max(8, int(int(size) * min_ratio)), max(8, int(size))
    font = fonts.get(size, bold, fixed=True)
    while size > smallest and (font.size(text)[0] > width or font.get_linesize() > height):
        size = _smaller(size, usual)
        font = fonts.get(size, bold, fixed=True)
    return font, ellipsize(font, text, max(1, width))


def fit_block(fonts, text: str, width: int, height: int, size: int, bold: bool = False, min_ratio: float = 0.6):
    """(font, lines) for wrapped text inside width x height: shrink, then cut with an ellipsis
    (sizes as fit_line's)."""
    size, smallest, usual = fonts.pixels(size), max(8, int(int(size) * min_ratio)), max(8, int(size))
    while True:
        font = fonts.get(size, bold, fixed=True)
        lines = wrap(font, text, max(1, width))
        if len(lines) * font.get_linesize() <= height or size <= smallest:
            break
        size = _smaller(size, usual)
    fit = max(1, height // font.get_linesize())
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1] = ellipsize(font, lines[-1] + ELLIPSIS, width)
    return font, lines


def draw_line(
    surface: pygame.Surface,
    fonts,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: tuple,
    bold: bool = False,
    align: str = "center",
) -> pygame.Rect:
    """Draw one line fitted into `rect`; returns the rect the text took."""
    rect = pygame.Rect(rect)
    font, shown = fit_line(fonts, text, rect.width, rect.height, size, bold)
    img = render(font, shown, color)
    box = img.get_rect()
    box.centery = rect.centery
    if align == "left":
        box.left = rect.left
    elif align == "right":
        box.right = rect.right
    else:
        box.centerx = rect.centerx
    surface.blit(img, box)
    return box


def draw_block(
    surface: pygame.Surface,
    fonts,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: tuple,
    bold: bool = False,
    align: str = "center",
    valign: str = "center",
) -> pygame.Rect:
    """Draw wrapped text fitted into `rect`; returns the rect the text took."""
    rect = pygame.Rect(rect)
    font, lines = fit_block(fonts, text, rect.width, rect.height, size, bold)
    step = font.get_linesize()
    total = step * len(lines)
    y = rect.top if valign == "top" else rect.top + (rect.height - total) // 2
    used = pygame.Rect(rect.centerx, y, 0, total)
    for line in lines:
        img = render(font, line, color)
        box = img.get_rect(top=y)
        if align == "left":
            box.left = rect.left
        elif align == "right":
            box.right = rect.right
        else:
            box.centerx = rect.centerx
        surface.blit(img, box)
        used.union_ip(box)
        y += step
    return used
