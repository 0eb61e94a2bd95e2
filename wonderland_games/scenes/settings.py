"""Settings, applied the moment they change and saved at once (no OK button to forget)."""

from __future__ import annotations

import pygame

from ..core.settings import TEXT_SCALES, window_sizes
from ..ui import text as tx
from ..ui import theme
from ..ui.dialogs import show_error
from ..ui.screen import FormScene
from ..ui.widgets import Button, Choice, Slider


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


class SettingsScene(FormScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        st = app.settings
        t = app.t
        on_off = [(True, lambda: t("settings.on")), (False, lambda: t("settings.off"))]
        self.size_choice = Choice(app, *self.size_options(),
                                  on_change=lambda v: self.change("window_size", v, display=True))
        self.rows = [
            ("settings.language", Choice(app, [("zh", "中文"), ("en", "English")], st.language,
                                         on_change=lambda v: self.change("language", v))),
            ("settings.display", Choice(app, [(False, lambda: t("settings.windowed")), (True, lambda: t("settings.fullscreen"))],
                                        st.fullscreen, on_change=lambda v: self.change("fullscreen", v, display=True))),
            ("settings.window_size", self.size_choice),
            ("settings.text_size", Choice(app, [(v, percent(v)) for v in TEXT_SCALES], st.text_scale,
                                          on_change=lambda v: self.change("text_scale", v))),
            ("settings.animation_speed", Slider(app, 0.5, 3.0, 0.25, st.animation_speed,
                                                on_change=lambda v: self.change("animation_speed", v),
                                                fmt=lambda v: f"× {v:g}")),
            ("settings.fast_forward", Choice(app, on_off, st.fast_forward, on_change=lambda v: self.change("fast_forward", v))),
            ("settings.reduced_motion", Choice(app, on_off, st.reduced_motion,
                                               on_change=lambda v: self.change("reduced_motion", v))),
            ("settings.sound", Choice(app, [(True, lambda: t("settings.on")), (False, lambda: t("settings.muted"))],
                                      st.sound, on_change=lambda v: self.change("sound", v))),
            ("settings.volume", Slider(app, 0.0, 1.0, 0.1, st.volume, on_change=lambda v: self.change("volume", v),
                                       fmt=percent)),
            ("settings.music_volume", Slider(app, 0.0, 1.0, 0.1, st.music_volume, fmt=percent,
                                             on_change=lambda v: self.change("music_volume", v))),
        ]
        self.back_button = Button(app, lambda: t("settings.back"), self.back, style="secondary")
        self.ring.add(*(w for _, w in self.rows), self.back_button)
        self.ring.focus(self.rows[0][1], keyboard=False)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.label_rects: list = []

    def title(self) -> str:
        return self.app.t("settings.title")

    def size_options(self) -> tuple:
        """(options, value) for the size row: the sizes that fit this screen, and the window's
        size now (the player may have dragged it since the start; in full screen, the size it
        goes back to)."""
        st = self.app.settings
        current = tuple(st.window_size) if st.fullscreen else tuple(self.app.screen.get_size())
        return [(sz, f"{sz[0]} × {sz[1]}") for sz in window_sizes(self.app.desktop_size(), current)], current

    def on_resize(self, size: tuple) -> None:
        self.size_choice.set_options(*self.size_options())
        super().on_resize(size)

    def change(self, name: str, value, display: bool = False) -> None:
        if name == "fullscreen" and value:  # leaving full screen brings back the size shown
            self.app.settings.window_size = self.size_choice.value
        setattr(self.app.settings, name, value)
        if name == "window_size":
            self.app.settings.fullscreen = False
            self.rows[1][1].set_options(self.rows[1][1].options, False)
        try:
            self.app.save_settings()
        except OSError as exc:
            show_error(self.app, self.app.t("settings.save_failed", error=exc))
        if display:
            self.app.apply_display_settings()
        if name == "volume" or name == "sound":
            self.app.sound.play("click")  # hear the new effects volume

    def layout(self, rect, s) -> None:
        w, h = rect.size
        top = self.title_rect().bottom + theme.px(8, s)
        button_h = theme.px(56, s)
        bottom = h - theme.px(28, s)
        pw = min(w - theme.px(80, s), theme.px(820, s))
        room = bottom - button_h - theme.px(24, s) - top
        pad_x, pad_y = theme.px(28, s), theme.px(24, s)
        gap = theme.px(14, s)
        n = len(self.rows)
        row_h = min(theme.px(54, s), (room - pad_y * 2 - gap * (n - 1)) // n)
        ph = row_h * n + gap * (n - 1) + pad_y * 2  # the panel hugs its rows
        self.panel = pygame.Rect((w - pw) // 2, top + (room - ph) // 2, pw, ph)
        inner = self.panel.inflate(-pad_x * 2, -pad_y * 2)
        label_w = int(inner.width * 0.4)
        self.label_rects = []
        for i, (_, widget) in enumerate(self.rows):
            y = inner.top + i * (row_h + gap)
            self.label_rects.append(pygame.Rect(inner.left, y, label_w - theme.px(12, s), row_h))
            widget.place((inner.left + label_w, y, inner.width - label_w, row_h), s)
        bw = theme.px(220, s)
        self.back_button.place((w // 2 - bw // 2, bottom - button_h, bw, button_h), s)

    def draw_content(self, surface) -> None:
        theme.panel(surface, self.panel, self.s)
        for (key, _), rect in zip(self.rows, self.label_rects):
            tx.draw_line(surface, self.app.fonts, self.app.t(key), rect, theme.px(theme.TEXT, self.s), theme.INK,
                         bold=True, align="left")
