"""How a surface looks to a player with protanopia or deuteranopia, in pure Python (no numpy).

Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", severity 1.0: a 3x3 matrix applied to linear RGB. `structure_difference`
tells two simulated pieces apart by their shapes only: each greyscale image is normalised to
mean 0 and spread 1 first, so two plain patches of any two colours (or brightnesses) come out
equal, and only a mark, letter or pattern that differs makes them differ.
"""

from __future__ import annotations

import math

import pygame

PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
KINDS = {"protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
_LINEAR = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in range(256)]


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def _pixels(surface: pygame.Surface, background=(250, 241, 218)) -> tuple:
    """(width, height, RGB bytes) of `surface` laid on `background` (a piece's transparent corners
    show the panel it sits on)."""
    flat = pygame.Surface(surface.get_size())
    flat.fill(background)
    flat.blit(surface, (0, 0))
    return flat.get_width(), flat.get_height(), pygame.image.tobytes(flat, "RGB")


def _linear_sim(rgb: bytes, matrix) -> list:
    (a, b, c), (d, e, f), (g, h, i) = matrix
    out, lin = [], _LINEAR
    for k in range(0, len(rgb), 3):
        r, gg, bb = lin[rgb[k]], lin[rgb[k + 1]], lin[rgb[k + 2]]
        out.append((a * r + b * gg + c * bb, d * r + e * gg + f * bb, g * r + h * gg + i * bb))
    return out


def simulated(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """`surface` as seen with `kind` ("protanopia" or "deuteranopia")."""
    w, h, rgb = _pixels(surface)
    data = bytes(_encode(v) for px in _linear_sim(rgb, KINDS[kind]) for v in px)
    return pygame.image.frombytes(data, (w, h), "RGB")


def grey(surface: pygame.Surface, kind: str) -> list:
    """The simulated image's lightness (0-1 per pixel, row by row)."""
    _, _, rgb = _pixels(surface)
    return [(0.2126 * r + 0.7152 * g + 0.0722 * b) ** (1 / 2.2) if r + g + b > 0 else 0.0
            for r, g, b in (tuple(max(0.0, v) for v in px) for px in _linear_sim(rgb, KINDS[kind]))]


def _normalised(values: list) -> list:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    return [(v - mean) / spread if spread > 1e-3 else 0.0 for v in values]


def structure_difference(a: pygame.Surface, b: pygame.Surface, kind: str) -> float:
    """How differently two same-sized pieces are drawn once colour is gone (0: the same shapes)."""
    assert a.get_size() == b.get_size()
    za, zb = _normalised(grey(a, kind)), _normalised(grey(b, kind))
    return sum(abs(x - y) for x, y in zip(za, zb)) / len(za)
