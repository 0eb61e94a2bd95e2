"""Our small widget set: Button, TextInput, Choice, Slider, ListView, ScrollText.

Every widget draws with the shared theme, fits its text into its own box, and
works by mouse and keyboard. A scene places widgets with `place(rect, s)` in
its layout and hands them to a `FocusRing` (ui/focus.py), which routes keys.
Labels may be plain strings or callables (e.g. `lambda: app.t("menu.load")`),
so a language change shows at once without rebuilding the scene.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from . import text as tx
from . import theme

def resolve(label) -> str:
    return label() if callable(label) else str(label)


class Widget:
    focusable = True

    def __init__(self, app) -> None:
        self.app = app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self.enabled = True
        self.visible = True
        self.focused = False
        self.hover = False

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible and self.rect.width > 0

    def place(self, rect, s: float) -> None:
        self.rect = pygame.Rect(rect)
        self.s = s

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """Mouse events; True when consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Keys while focused, before the ring navigates; True when consumed."""
        return False

    def text_event(self, event: pygame.event.Event) -> None:
        """TEXTINPUT / TEXTEDITING while focused."""

    def activate(self) -> None:
        """Enter / Space while focused."""

    def on_focus(self) -> None:
        pass

    def on_blur(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Button(Widget):
    """A rounded button. `style`: "primary" (gold), "secondary" (cream), "danger" (red).
    `why_not` (a label) says why it is greyed out, `tip` what it does (for a button whose
    face is only a symbol): `draw_tip` shows the one that applies on hover or focus."""

    STYLES = {
        "primary": (theme.GOLD, theme.GOLD_LIGHT, theme.GOLD_DARK, theme.INK),
        "secondary": (theme.CREAM, theme.WHITE, theme.CREAM_DARK, theme.INK),
        "danger": (theme.RED, theme.RED_LIGHT, (150, 40, 36), theme.WHITE),
    }

    def __init__(self, app, text, callback: Callable[[], Any] | None = None, enabled: bool = True,
                 style: str = "primary", size: int = theme.TEXT, sound: str = "click") -> None:
        super().__init__(app)
        self.text = text
        self.callback = callback
        self.enabled = enabled
        self.style = style
        self.size = size
        self.sound = sound
        self.pressed = False
        self.why_not = None
        self.tip = None

    def handle_mouse(self, event) -> bool:
        if not self.visible:
            return False
        inside = self.rect.collidepoint(event.pos) if hasattr(event, "pos") else False
        if event.type == pygame.MOUSEMOTION:
            self.hover = inside
            if not inside:
                self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and inside:
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and inside:
                self.activate()
                return True
        return False

    def activate(self) -> None:
        if not self.enabled:
            return
        if self.sound:
            self.app.sound.play(self.sound)
        if self.callback is not None:
            self.callback()

    def draw(self, surface) -> None:
        if not self.visible:
            return
        s = self.s
        fill, light, dark, ink = self.STYLES.get(self.style, self.STYLES["primary"])
        rect = self.rect.copy()
        if not self.enabled:
            fill, ink = theme.DISABLED, theme.DISABLED_INK
        elif self.pressed:
            fill = dark
            rect.move_ip(0, theme.px(2, s))
        elif self.hover or self.focused:
            fill = light
        r = theme.radius_for(rect, s)
        if self.enabled and not self.pressed:
            theme.shadow(surface, rect, r, theme.px(3, s), 80)
        pygame.draw.rect(surface, fill, rect, border_radius=r)
        pygame.draw.rect(surface, dark if self.enabled else theme.DISABLED_INK, rect,
                         width=max(1, theme.px(2, s)), border_radius=r)
        pad = theme.px(10, s)
        tx.draw_line(surface, self.app.fonts, resolve(self.text), rect.inflate(-pad * 2, -pad // 2),
                     theme.px(self.size, s), ink, bold=True)
        if self.focused:
            theme.focus_ring(surface, rect, s)


def draw_tip(surface: pygame.Surface, button: Button) -> pygame.Rect | None:
    """A greyed-out button's `why_not` (an enabled one's `tip`) under it while pointed at or
    focused (kept inside the window); the rect drawn, or None when there is nothing to say."""
    label = button.tip if button.enabled else button.why_not
    if not button.visible or not (button.hover or button.focused) or label is None:
        return None
    text = resolve(label)
    if not text:
        return None
    return draw_tip_box(surface, button.app, button.rect, text, button.s)


def draw_tip_box(surface: pygame.Surface, app, rect: pygame.Rect, text: str, s: float, avoid=()) -> pygame.Rect:
    """`text` in a tip box under `rect` (over it at the window's foot), kept inside the window: the
    box drawn. With `avoid` (rects it should not cover) it goes under, over, left or right of
    `rect`, the first place clear of them."""
    pad = theme.px(10, s)
    width = min(theme.px(380, s), surface.get_width() - 2 * pad)
    font, lines = tx.fit_block(app.fonts, text, width - 2 * pad, theme.px(120, s), theme.px(theme.TEXT_SMALL, s))
    line_h = font.get_linesize()
    inner_w = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, inner_w + 2 * pad, len(lines) * line_h + pad)
    gap, margin = theme.px(6, s), theme.px(4, s)  # margin: clear of the window's edge, not flush against it
    window = surface.get_rect().inflate(-2 * margin, -2 * margin)
    places = [box.copy() for _ in range(4)]
    places[0].midtop = (rect.centerx, rect.bottom + gap)
    places[1].midbottom = (rect.centerx, rect.top - gap)
    places[2].midright = (rect.left - gap, rect.centery)
    places[3].midleft = (rect.right + gap, rect.centery)
    if places[0].bottom > surface.get_height():  # a button at the foot of the window: the tip goes above it
        places[:2] = places[1::-1]
    places = [p.clamp(window) for p in places]
    box = next((p for p in places if not p.colliderect(rect) and p.collidelist(list(avoid)) < 0), places[0])
    pygame.draw.rect(surface, theme.CREAM, box, border_radius=theme.px(8, s))
    pygame.draw.rect(surface, theme.INK_SOFT, box, max(1, theme.px(2, s)), border_radius=theme.px(8, s))
    y = box.top + pad // 2
    for line in lines:
        surface.blit(tx.render(font, line, theme.INK), (box.left + pad, y))
        y += line_h
    return box


class TextInput(Widget):
    """One line of real text entry (IME composition included, so Chinese works).

    SDL text input is on only while this field has focus, so letter keys never
    type into the void elsewhere. `allowed(ch) -> bool` filters characters; one the bundled font
    cannot draw (an emoji) is refused like a disallowed one.
    Ctrl+A (Cmd+A) selects the whole text: typing then replaces it, Backspace or
    Delete clears it; an arrow, Home, End, a click or leaving the field drops the selection.
    """

    def __init__(self, app, text: str = "", max_len: int = 16, placeholder="",
                 allowed: Callable[[str], bool] | None = None, on_change: Callable[[str], Any] | None = None,
                 on_submit: Callable[[], Any] | None = None, on_reject: Callable[[], Any] | None = None,
                 size: int = theme.TEXT) -> None:
        super().__init__(app)
        self.text = text[:max_len]
        self.max_len = max_len
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_change = on_change
        self.on_submit = on_submit
        self.on_reject = on_reject  # called when typed characters were refused
        self.size = size
        self.cursor = len(self.text)
        self.composition = ""
        self.error = False
        self.all_selected = False

    def set_text(self, value: str) -> None:
        self.text = value[: self.max_len]
        self.cursor = len(self.text)
        self.all_selected = False
        self._changed()

    def _changed(self) -> None:
        self.error = False
        if self.on_change is not None:
            self.on_change(self.text)

    def handle_mouse(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.cursor = len(self.text)
            self.all_selected = False
            return True
        return False

    def on_focus(self) -> None:
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.rect)

    def on_blur(self) -> None:
        self.composition = ""
        self.all_selected = False
        pygame.key.stop_text_input()

    def text_event(self, event) -> None:
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return
        self.composition = ""
        chars = [c for c in event.text if c.isprintable() and self.app.fonts.draws(c)
                 and (self.allowed is None or self.allowed(c))]
        if chars and self.all_selected:
            self._clear()
        add = "".join(chars[: max(0, self.max_len - len(self.text))])
        if add:
            self.text = self.text[: self.cursor] + add + self.text[self.cursor:]
            self.cursor += len(add)
            self._changed()
        if len(add) < len(event.text):
            self.error = True
            if self.on_reject is not None:
                self.on_reject()

    def key(self, event) -> bool:
        if self.composition:
            return True  # the IME owns the keys while composing
        k = event.key
        if k == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.all_selected = bool(self.text)
            return True
        if self.all_selected and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._clear()
            self._changed()
            return True
        if self.all_selected and k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.all_selected = False  # the cursor goes to the selection's start or end
            self.cursor = 0 if k in (pygame.K_LEFT, pygame.K_HOME) else len(self.text)
            return True
        if k == pygame.K_BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor:]
                self.cursor -= 1
                self._changed()
            return True
        if k == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1:]
                self._changed()
            return True
        if k == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if k == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
            return True
        if k == pygame.K_HOME:
            self.cursor = 0
            return True
        if k == pygame.K_END:
            self.cursor = len(self.text)
            return True
        # printable keys arrive again as TEXTINPUT; swallow them here so
        # space does not press the focused button's neighbour
        return k not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE,
                         pygame.K_RETURN, pygame.K_KP_ENTER)

    def _clear(self) -> None:
        self.text, self.cursor, self.all_selected = "", 0, False

    def activate(self) -> None:
        if self.on_submit is not None:
            self.on_submit()

    def draw(self, surface) -> None:
        if not self.visible:
            return
        s = self.s
        rect = self.rect
        r = theme.radius_for(rect, s) // 2
        pygame.draw.rect(surface, theme.WHITE if self.focused else theme.CREAM, rect, border_radius=r)
        edge = theme.RED if self.error else (theme.GOLD_DARK if self.focused else theme.PAPER_EDGE)
        pygame.draw.rect(surface, edge, rect, width=max(1, theme.px(2, s)), border_radius=r)
        pad = theme.px(10, s)
        inner = rect.inflate(-pad * 2, -theme.px(4, s))
        font = self.app.font(min(theme.px(self.size, s), int(inner.height * 0.8)))
        replacing = self.all_selected and self.composition  # the IME's text takes the selection's place
        text, cursor = ("", 0) if replacing else (self.text, self.cursor)
        shown = text[:cursor] + self.composition + text[cursor:]
        if not shown and not self.focused:
            tx.draw_line(surface, self.app.fonts, resolve(self.placeholder), inner, font.get_height(),
                         theme.DISABLED_INK, align="left")
            return
        before = font.size(text[:cursor] + self.composition)[0]
        shift = max(0, before - inner.width + theme.px(4, s))  # keep the cursor in view
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        y = inner.centery - font.get_height() // 2
        if self.all_selected and not replacing:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, (inner.left - shift, y, font.size(shown)[0], font.get_height()))
        surface.blit(tx.render(font, shown, theme.INK), (inner.left - shift, y))
        if self.composition:
            start = font.size(text[:cursor])[0]
            wid = font.size(self.composition)[0]
            pygame.draw.line(surface, theme.TEAL, (inner.left - shift + start, y + font.get_height() - 2),
                             (inner.left - shift + start + wid, y + font.get_height() - 2), 2)
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = inner.left - shift + before
            pygame.draw.line(surface, theme.INK, (x, y + 3), (x, y + font.get_height() - 3), max(1, theme.px(2, s)))
        surface.set_clip(clip)


class Choice(Widget):
    """Cycles through options: click (left part goes back) or Left/Right keys."""

    def __init__(self, app, options: Sequence[tuple], value=None, on_change: Callable[[Any], Any] | None = None,
                 size: int = theme.TEXT) -> None:
        super().__init__(app)
        self.options = list(options)  # [(value, label)]
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.size = size

    @property
    def value(self):
        return self.options[self.index][0]

    def set_options(self, options: Sequence[tuple], value=None) -> None:
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else min(self.index, len(values) - 1)

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        self.app.sound.play("click")
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_mouse(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos) and self.enabled:
            if event.button == 1:
                self.step(-1 if event.pos[0] < self.rect.left + self.rect.width // 3 else 1)
            elif event.button == 3:
                self.step(-1)
            return True
        return False

    def key(self, event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def activate(self) -> None:
        self.step(1)

    def draw(self, surface) -> None:
        if not self.visible:
            return
        s = self.s
        rect = self.rect
        r = theme.radius_for(rect, s) // 2
        fill = theme.WHITE if (self.hover or self.focused) and self.enabled else theme.CREAM
        pygame.draw.rect(surface, fill if self.enabled else theme.DISABLED, rect, border_radius=r)
        pygame.draw.rect(surface, theme.PAPER_EDGE, rect, width=max(1, theme.px(2, s)), border_radius=r)
        arrow_w = min(theme.px(30, s), rect.width // 5)
        ink = theme.INK if self.enabled else theme.DISABLED_INK
        for side, glyph in ((0, "‹"), (1, "›")):
            box = pygame.Rect(rect.left if side == 0 else rect.right - arrow_w, rect.top, arrow_w, rect.height)
            tx.draw_line(surface, self.app.fonts, glyph, box, theme.px(self.size + 6, s),
                         theme.GOLD_DARK if self.enabled else theme.DISABLED_INK, bold=True)
        label = resolve(self.options[self.index][1]) if self.options else ""
        tx.draw_line(surface, self.app.fonts, label, rect.inflate(-arrow_w * 2, -theme.px(4, s)),
                     theme.px(self.size, s), ink)
        if self.focused:
            theme.focus_ring(surface, rect, s)


class Slider(Widget):
    """A value between `low` and `high` in `step`s: drag, click, or Left/Right."""

    def __init__(self, app, low: float, high: float, step: float, value: float,
                 on_change: Callable[[float], Any] | None = None, fmt: Callable[[float], str] = str,
                 size: int = theme.TEXT) -> None:
        super().__init__(app)
        self.low, self.high, self.step_size = low, high, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.size = size
        self.dragging = False

    def _snap(self, v: float) -> float:
        v = min(self.high, max(self.low, v))
        steps = round((v - self.low) / self.step_size)
        return round(self.low + steps * self.step_size, 6)

    def set(self, v: float) -> None:
        v = self._snap(v)
        if v != self.value:
            self.value = v
            if self.on_change is not None:
                self.on_change(v)

    def _track(self) -> pygame.Rect:
        label_w = int(self.rect.width * 0.28)
        pad = theme.px(14, self.s)
        return pygame.Rect(self.rect.left + pad, self.rect.centery - theme.px(4, self.s),
                           max(1, self.rect.width - label_w - pad * 2), theme.px(8, self.s))

    def _from_x(self, x: int) -> None:
        track = self._track()
        frac = (x - track.left) / max(1, track.width)
        self.set(self.low + frac * (self.high - self.low))

    def handle_mouse(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            if self.dragging:
                self._from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.dragging = True
                self._from_x(event.pos[0])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def key(self, event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(self.value + (self.step_size if event.key == pygame.K_RIGHT else -self.step_size))
            return True
        return False

    def draw(self, surface) -> None:
        if not self.visible:
            return
        s = self.s
        rect = self.rect
        pygame.draw.rect(surface, theme.CREAM, rect, border_radius=theme.radius_for(rect, s) // 2)
        pygame.draw.rect(surface, theme.PAPER_EDGE, rect, width=max(1, theme.px(2, s)),
                         border_radius=theme.radius_for(rect, s) // 2)
        track = self._track()
        frac = (self.value - self.low) / ((self.high - self.low) or 1)
        pygame.draw.rect(surface, theme.CREAM_DARK, track, border_radius=track.height // 2)
        done = track.copy()
        done.width = max(track.height, int(track.width * frac))
        pygame.draw.rect(surface, theme.TEAL if self.enabled else theme.DISABLED, done, border_radius=track.height // 2)
        knob = (track.left + int(track.width * frac), track.centery)
        radius = theme.px(11, s)
        pygame.draw.circle(surface, theme.GOLD_LIGHT if self.hover or self.focused else theme.GOLD, knob, radius)
        pygame.draw.circle(surface, theme.GOLD_DARK, knob, radius, max(1, theme.px(2, s)))
        label = pygame.Rect(track.right + theme.px(14, s), rect.top, rect.right - track.right - theme.px(22, s), rect.height)
        tx.draw_line(surface, self.app.fonts, self.fmt(self.value), label, theme.px(self.size, s), theme.INK, align="center")
        if self.focused:
            theme.focus_ring(surface, rect, s)


class ListView(Widget):
    """A scrolling list of rows with one selected; `draw_row(surface, rect, item, selected)`.

    Up/Down move the selection (at the ends they let the ring move focus on),
    Enter calls `on_activate(item)`, a double click too.
    """

    def __init__(self, app, items: Sequence, draw_row: Callable, row_height: int = 64,
                 on_activate: Callable[[Any], Any] | None = None, on_select: Callable[[Any], Any] | None = None) -> None:
        super().__init__(app)
        self.items = list(items)
        self.draw_row = draw_row
        self.row_height = row_height
        self.on_activate = on_activate
        self.on_select = on_select
        self.selected = 0 if self.items else -1
        self.offset = 0
        self._last_click = (-1, -1000)

    def set_items(self, items: Sequence) -> None:
        self.items = list(items)
        self.selected = min(max(self.selected, 0), len(self.items) - 1)
        self.offset = 0
        self._clamp()

    @property
    def item(self):
        return self.items[self.selected] if 0 <= self.selected < len(self.items) else None

    def _row_h(self) -> int:
        return theme.px(self.row_height, self.s)

    def _clamp(self) -> None:
        content = len(self.items) * self._row_h()
        self.offset = max(0, min(self.offset, content - self.rect.height))

    def select(self, index: int) -> None:
        if not self.items:
            return
        self.selected = max(0, min(len(self.items) - 1, index))
        row_h = self._row_h()
        top = self.selected * row_h
        if top < self.offset:
            self.offset = top
        elif top + row_h > self.offset + self.rect.height:
            self.offset = top + row_h - self.rect.height
        self._clamp()
        if self.on_select is not None:
            self.on_select(self.item)

    def handle_mouse(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.hover:
                self.offset -= event.y * self._row_h() // 2
                self._clamp()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            index = (event.pos[1] - self.rect.top + self.offset) // max(1, self._row_h())
            if 0 <= index < len(self.items):
                now = pygame.time.get_ticks()
                double = self._last_click[0] == index and now - self._last_click[1] < 400
                self._last_click = (index, now)
                self.select(index)
                if double and self.on_activate is not None:
                    self.on_activate(self.item)
            return True
        return False

    def key(self, event) -> bool:
        k = event.key
        if k == pygame.K_UP and self.selected > 0:
            self.select(self.selected - 1)
            return True
        if k == pygame.K_DOWN and self.selected < len(self.items) - 1:
            self.select(self.selected + 1)
            return True
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, self.rect.height // max(1, self._row_h()))
            self.select(self.selected + (page if k == pygame.K_PAGEDOWN else -page))
            return True
        return False

    def activate(self) -> None:
        if self.item is not None and self.on_activate is not None:
            self.on_activate(self.item)

    def draw(self, surface) -> None:
        if not self.visible:
            return
        s = self.s
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        row_h = self._row_h()
        first = self.offset // max(1, row_h)
        for i in range(first, min(len(self.items), first + self.rect.height // max(1, row_h) + 2)):
            row = pygame.Rect(self.rect.left, self.rect.top + i * row_h - self.offset, self.rect.width, row_h)
            self.draw_row(surface, row.inflate(-theme.px(8, s), -theme.px(6, s)), self.items[i], i == self.selected)
        surface.set_clip(clip)
        _scrollbar(surface, self.rect, self.offset, len(self.items) * row_h, s)
        if self.focused:
            theme.focus_ring(surface, self.rect, s)


def _scrollbar(surface, rect: pygame.Rect, offset: int, content: int, s: float) -> None:
    if content <= rect.height:
        return
    w = theme.px(6, s)
    bar_h = max(theme.px(30, s), rect.height * rect.height // content)
    y = rect.top + (rect.height - bar_h) * offset // max(1, content - rect.height)
    pygame.draw.rect(surface, theme.GOLD_DARK, (rect.right - w - 2, y, w, bar_h), border_radius=w // 2)


# -- scrolling rich text ------------------------------------------------------------
def parse_markdown(source: str) -> list:
    """A small markdown subset into blocks: ("h1"|"h2"|"p"|"li", text)."""
    blocks: list = []
    para: list = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para) if _latin(para) else "".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = raw.strip().replace("**", "")
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(("h2", line[3:].strip()))
        elif line.startswith("# "):
            flush()
            blocks.append(("h1", line[2:].strip()))
        elif line[:2] in ("- ", "* "):
            flush()
            blocks.append(("li", line[2:].strip()))
        elif blocks and blocks[-1][0] == "li" and not para and raw[:1] in (" ", "\t"):
            kind, text = blocks[-1]
            blocks[-1] = (kind, text + (" " if _latin([text]) else "") + line)  # continued bullet
        else:
            para.append(line)
    flush()
    return blocks


def _latin(lines: list) -> bool:
    sample = "".join(lines)
    return sum(ord(c) < 0x2E80 for c in sample) >= len(sample) * 0.6


class ScrollText(Widget):
    """Scrollable headings, paragraphs and bullets; wheel, arrows, PageUp/Down, Home/End."""

    SIZES = {"h1": (theme.HEADING, True), "h2": (theme.TEXT_LARGE, True), "p": (theme.TEXT, False), "li": (theme.TEXT, False)}

    def __init__(self, app, blocks: Sequence[tuple] = ()) -> None:
        super().__init__(app)
        self.blocks = list(blocks)
        self.offset = 0
        self._lines: list = []  # (x, y, surface)
        self._content_h = 0
        self._laid = None

    def set_blocks(self, blocks: Sequence[tuple]) -> None:
        self.blocks = list(blocks)
        self.offset = 0
        self._laid = None

    def _layout(self) -> None:
        s = self.s
        pad = theme.px(24, s)
        width = self.rect.width - pad * 2 - theme.px(10, s)
        y = pad
        lines = []
        for kind, body in self.blocks:
            size, bold = self.SIZES.get(kind, self.SIZES["p"])
            font = self.app.font(theme.px(size, s), bold)
            color = theme.PLUM if kind == "h1" else theme.TEAL if kind == "h2" else theme.INK
            if kind in ("h1", "h2") and lines:
                y += theme.px(12 if kind == "h2" else 20, s)
            indent = theme.px(28, s) if kind == "li" else 0
            for i, line in enumerate(tx.wrap(font, body, max(10, width - indent))):
                if kind == "li" and i == 0:
                    lines.append((pad + theme.px(8, s), y, tx.render(font, "•", theme.GOLD_DARK)))
                lines.append((pad + indent, y, tx.render(font, line, color)))
                y += font.get_linesize()
            y += theme.px(10 if kind != "li" else 4, s)
        self._lines = lines
        self._content_h = y + pad
        self._laid = (self.rect.size, s, self.app.lang, len(self.blocks))
        self._clamp()

    def _clamp(self) -> None:
        self.offset = max(0, min(self.offset, self._content_h - self.rect.height))

    def scroll(self, dy: int) -> None:
        self.offset += dy
        self._clamp()

    def handle_mouse(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.scroll(-event.y * theme.px(60, self.s))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return False

    def key(self, event) -> bool:
        step = theme.px(40, self.s)
        page = max(step, self.rect.height - step)
        moves = {pygame.K_UP: -step, pygame.K_DOWN: step, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                 pygame.K_SPACE: page, pygame.K_HOME: -10 ** 9, pygame.K_END: 10 ** 9}
        if event.key in moves:
            self.scroll(moves[event.key])
            return True
        return False

    def draw(self, surface) -> None:
        if not self.visible:
            return
        if self._laid != (self.rect.size, self.s, self.app.lang, len(self.blocks)):
            self._layout()
        theme.panel(surface, self.rect, self.s)
        clip = surface.get_clip()
        inner = self.rect.inflate(-theme.px(4, self.s), -theme.px(4, self.s))
        surface.set_clip(inner.clip(clip) if clip else inner)
        for x, y, img in self._lines:
            top = self.rect.top + y - self.offset
            if top + img.get_height() < self.rect.top or top > self.rect.bottom:
                continue
            surface.blit(img, (self.rect.left + x, top))
        surface.set_clip(clip)
        _scrollbar(surface, self.rect.inflate(-theme.px(8, self.s), -theme.px(16, self.s)), self.offset,
                   self._content_h, self.s)
        if self.focused:
            theme.focus_ring(surface, self.rect, self.s)
