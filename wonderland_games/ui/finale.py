"""The end of a game's moment: the winner's name over the final table, gold stars, then the results.

A table (ui/table_scene.py) pushes a `Finale` over itself when a live game ends there, with the
results scene it then opens in its place; a replay or a finished save reopened goes straight to
the results. The moment never blocks: a click or a key opens the results at once. It runs
FINALE_SECONDS at animation speed 1; fast-forward makes it a still flash of the name.
How a star moves is one function, `star_pose`: with reduced motion it stays put and fades.
A table may give a rect the stars keep clear of (`keep_clear`, TableScene.finale_keep_clear:
Dream's log, whose last lines tell how the game ended): they fall beside it, never across its text.
"""

from __future__ import annotations

import math
import random

import pygame

from . import surfaces, theme
from . import text as tx
from .app import Scene

FINALE_SECONDS = 2.2  # the moment at animation speed 1
FLASH_SECONDS = 0.5  # fast-forward: the name alone, this long (not scaled)
FADE_IN = 0.3  # seconds the name and the veil take to come in
STARS = 34
STAR_COLOURS = (theme.GOLD, theme.GOLD_LIGHT, theme.CREAM)
VEIL = (10, 16, 40)  # the night-blue veil over the table
VEIL_ALPHA = 130
SKIPS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
SWALLOWS = SKIPS + (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.MOUSEWHEEL, pygame.TEXTINPUT)


def star_pose(star: tuple, age: float, area: pygame.Rect, s: float, still: bool = False):
    """Where one star is `age` seconds into the moment: (centre, radius, turn in radians, alpha),
    or None before it starts. The stars drift down from above, swaying, turning slowly, and
    fade as they go; `still` (reduced motion) keeps each where it appears, fading in and out.
    `star` is (x share, delay, size share, sway phase, fall speed share)."""
    x, delay, size, phase, speed = star
    t = age - delay
    if t < 0:
        return None
    if still:
        alpha = int(255 * max(0.0, min(1.0, t / 0.3, 1.6 - t / 0.9)))
        return (area.left + x * area.width, area.top + (0.08 + 0.84 * speed) * area.height), \
            theme.px(7 + 9 * size, s), phase, alpha
    fall = area.height * (0.25 + 0.35 * speed) * t
    cx = area.left + x * area.width + math.sin(phase + t * 2.2) * theme.px(18, s)
    cy = area.top - theme.px(20, s) + fall
    alpha = int(255 * max(0.0, min(1.0, 1.6 - t / 1.2)))
    return (cx, cy), theme.px(7 + 9 * size, s), phase + t * 1.3, alpha


def beside(area: pygame.Rect, clear: pygame.Rect | None) -> list:
    """The parts of `area` left and right of `clear`, and above and below it in its column
    (all of `area` when nothing is to be kept clear)."""
    if clear is None or not clear.colliderect(area):
        return [area]
    clear = clear.clip(area)
    parts = [pygame.Rect(area.left, area.top, clear.left - area.left, area.height),
             pygame.Rect(clear.right, area.top, area.right - clear.right, area.height),
             pygame.Rect(clear.left, area.top, clear.width, clear.top - area.top),
             pygame.Rect(clear.left, clear.bottom, clear.width, area.bottom - clear.bottom)]
    return [part for part in parts if part.width > 0 and part.height > 0]


def star_x(share: float, area: pygame.Rect, clear: pygame.Rect | None) -> float:
    """A star's x (a share of the width that is free): beside the column of `clear`, when given."""
    if clear is None or not clear.colliderect(area):
        return area.left + share * area.width
    left, right = max(0, clear.left - area.left), max(0, area.right - clear.right)
    x = share * (left + right)
    return area.left + x if x < left else clear.right + (x - left)


def star_points(centre: tuple, radius: float, turn: float) -> list:
    """A five-pointed star's corners."""
    cx, cy = centre
    out = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = turn + i * math.pi / 5 - math.pi / 2
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


class Finale(Scene):
    """`text` in large gold type over the table below, stars falling; then `then` (the results)
    takes its place. It plays the win flourish ("end") as it opens."""

    overlay = True

    def __init__(self, app, text: str, then: Scene, seed: int = 0, keep_clear: pygame.Rect | None = None) -> None:
        super().__init__(app)
        self.text, self.then = text, then
        self.keep_clear = keep_clear  # what the stars stay out of (a table's log), or None
        self.flash = bool(app.settings.fast_forward)
        self.duration = FLASH_SECONDS if self.flash else FINALE_SECONDS
        self.age = 0.0
        self.done = False
        rng = random.Random(seed)
        self.stars = [(rng.random(), rng.uniform(0.0, 0.9), rng.random(), rng.uniform(0, 6.3), rng.random())
                      for _ in range(0 if self.flash else STARS)]
        self._veils: dict = {}

    def on_enter(self) -> None:
        if self.age == 0.0:
            self.app.sound.play("end")

    def handle_event(self, event) -> None:
        """A click or a key: the results now. Nothing reaches the table below meanwhile."""
        if event.type in SKIPS:
            self.finish()

    def update(self, dt: float) -> None:
        speed = 1.0 if self.flash else max(0.1, float(self.app.settings.animation_speed))
        self.age += dt * speed
        if self.age >= self.duration:
            self.finish()

    def finish(self) -> None:
        """The results take the moment's place (once)."""
        if not self.done and self.app.top is self:
            self.done = True
            self.app.replace(self.then)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        area = surface.get_rect()
        s = theme.scale(area.size)
        come = min(1.0, self.age / FADE_IN) if not self.flash else 1.0
        surface.blit(self._veil(area.size, int(VEIL_ALPHA * come) // 16 * 16), (0, 0))
        free = beside(area, self.keep_clear)
        for star in self.stars:
            placed = (star_x(star[0], area, self.keep_clear) - area.left) / max(1, area.width)
            pose = star_pose((placed,) + star[1:], self.age, area, s, self.app.settings.reduced_motion)
            if pose is not None and pose[3] > 0:
                self._draw_star(surface, star, pose, free)
        self._draw_name(surface, area, s, come)

    def _veil(self, size: tuple, alpha: int) -> pygame.Surface:
        """A full-window veil at `alpha` (a few steps: each is made once)."""
        key = (size, alpha)
        veil = self._veils.get(key)
        if veil is None:
            veil = surfaces.new(size)
            veil.fill(VEIL)
            veil.set_alpha(alpha)
            self._veils[key] = veil
        return veil

    def _draw_star(self, surface: pygame.Surface, star: tuple, pose: tuple, free: list) -> None:
        """One star, in the parts of the window it may show in (`free`: its sway never takes it
        across what is kept clear)."""
        centre, radius, turn, alpha = pose
        spot = (centre[0] - radius - 1, centre[1] - radius - 1)
        bounds = pygame.Rect(spot, (radius * 2 + 2, radius * 2 + 2))
        parts = [part for part in free if part.colliderect(bounds)]
        if not parts:
            return
        colour = STAR_COLOURS[int(star[2] * 97) % len(STAR_COLOURS)]
        points = star_points((radius + 1, radius + 1), radius, turn)
        layer = surfaces.new(bounds.size, alpha=True)
        pygame.draw.polygon(layer, colour + (alpha,), points)
        for part in parts:
            surface.set_clip(part)
            surface.blit(layer, spot)
        surface.set_clip(None)

    def name_rect(self, area: pygame.Rect, s: float) -> pygame.Rect:
        """Where the name is written: a wide band across the middle of the window."""
        w = max(1, area.width - 2 * theme.px(48, s))
        h = max(1, min(area.height * 2 // 5, theme.px(300, s)))
        return pygame.Rect(0, 0, w, h).move(area.centerx - w // 2, area.centery - h // 2)

    def _draw_name(self, surface: pygame.Surface, area: pygame.Rect, s: float, come: float) -> None:
        """The winner's name(s), as large as fits the band, shrunk and wrapped for long names."""
        rect = self.name_rect(area, s)
        font, lines = tx.fit_block(self.app.fonts, self.text, rect.width, rect.height, theme.px(72, s), bold=True,
                                   min_ratio=0.3)
        step = font.get_linesize()
        y = rect.centery - step * len(lines) // 2
        lift = theme.px(3, s)
        widest = max((font.size(line)[0] for line in lines), default=0)
        band = pygame.Rect(0, 0, widest, step * len(lines)).inflate(theme.px(56, s), theme.px(24, s))
        band.center = rect.centerx, y + step * len(lines) // 2
        theme.translucent_panel(surface, band, s, VEIL + (int(220 * come),))  # the name reads over any table
        for line in lines:
            for colour, offset in ((theme.GOLD_DARK, lift), (theme.GOLD_LIGHT, 0)):
                img = tx.render(font, line, colour).copy()
                img.set_alpha(int(255 * come))
                surface.blit(img, img.get_rect(centerx=rect.centerx + offset, top=y + offset))
            y += step
