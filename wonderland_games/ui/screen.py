"""`FormScene`: a Scene with widgets, a focus ring, the night background and a title.

Subclasses build widgets once in `__init__` (adding them to `self.ring`),
place them in `layout(rect, s)` — called on every resize — and draw anything
extra in `draw_content`. Esc calls `back()` (pop by default).
"""

from __future__ import annotations

import pygame

from . import text as tx
from . import theme
from .app import Scene
from .widgets import Button, draw_tip


class FormScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        from .focus import FocusRing

        self.ring = FocusRing(on_back=self.back)
        self.size = (0, 0)
        self.s = 1.0

    # -- hooks ----------------------------------------------------------------------
    def title(self) -> str:
        return ""

    def layout(self, rect: pygame.Rect, s: float) -> None:
        """Place widgets for a window of `rect` at scale `s`."""

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything besides the widgets (panels go here; widgets draw after)."""

    def back(self) -> None:
        self.app.pop()

    # -- Scene ----------------------------------------------------------------------
    def on_resize(self, size: tuple) -> None:
        self.size = tuple(size)
        self.s = theme.scale(size)
        self.layout(pygame.Rect((0, 0), size), self.s)

    def still(self) -> bool:
        """A form changes only when the user acts."""
        return True

    def on_enter(self) -> None:
        self.ring.resume()

    def on_exit(self) -> None:
        self.ring.suspend()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.ring.handle_event(event)

    def title_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, theme.px(18, self.s), w, theme.px(70, self.s))

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.on_resize(surface.get_size())
        if not self.overlay:
            theme.draw_background(surface)
        title = self.title()
        if title:
            draw_title(surface, self.app, title, self.title_rect(), self.s)
        self.draw_content(surface)
        self.ring.draw(surface)
        for widget in self.ring.widgets:  # a greyed-out button says why, on hover or focus
            if isinstance(widget, Button):
                draw_tip(surface, widget)


def draw_title(surface: pygame.Surface, app, title: str, rect: pygame.Rect, s: float) -> None:
    """A gold heading with a dark outline, readable on the night sky."""
    rect = pygame.Rect(rect)
    font, shown = tx.fit_line(app.fonts, title, rect.width - theme.px(40, s), rect.height, theme.px(theme.HEADING + 6, s), True)
    edge = tx.render(font, shown, (20, 16, 40))
    face = tx.render(font, shown, theme.GOLD_LIGHT)
    box = face.get_rect(center=rect.center)
    o = max(1, theme.px(2, s))
    for dx, dy in ((-o, 0), (o, 0), (0, -o), (0, o), (o, o)):
        surface.blit(edge, box.move(dx, dy))
    surface.blit(face, box)


def button_row(rect: pygame.Rect, count: int, height: int, gap: int, max_w: int) -> list:
    """`count` equal button rects centred in a row at the bottom of `rect`."""
    if count <= 0:
        return []
    w = min(max_w, (rect.width - gap * (count - 1)) // count)
    total = w * count + gap * (count - 1)
    x = rect.centerx - total // 2
    y = rect.bottom - height
    return [pygame.Rect(x + i * (w + gap), y, w, height) for i in range(count)]
