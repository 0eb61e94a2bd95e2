"""The main menu: five illustrated game tiles and the app's buttons.

Each tile names its game, says in a line what the game is and how long it takes
(wrapped before the minutes when the tile is too narrow), and its player count.

Unbuilt games show "coming soon" and cannot be chosen. Each game keeps its own
unfinished game: its tile says "resume — round 4" and asks resume or new when
clicked; Continue picks up the most recent one in one click. Under each tile, Learn to play
opens the game's guided first game (scenes/lesson.py): "Resume the lesson" while one is
kept, "Replay the lesson" once learned. Esc asks before quitting. Everything else (setup,
load, stats, settings, rules) is imported only when opened, to start fast.
"""

from __future__ import annotations

import math

import pygame

from ..core import registry, stats
from ..ui import sprites, surfaces, theme
from ..ui import text as tx
from ..ui.dialogs import ConfirmDialog, MessageDialog, show_error
from ..ui.screen import FormScene
from ..ui.seat_words import players_forms
from ..ui.widgets import Button, Widget
from .launch import game_title, open_game, progress_text, save_error_text
from .lesson import kept_lesson, offers_lesson, open_lesson


NAME_H = 40  # unscaled height of a tile's name
ABOUT_H = 52  # unscaled height of the line saying what the game is: room for it wrapped in two
ABOUT_SMALLEST = 0.8  # the smallest "what it is" text, as a share of TEXT_SMALL


class GameTile(Widget):
    """One game: its art, name and player count; dimmed with a ribbon when unbuilt."""

    def __init__(self, app, info, on_open) -> None:
        super().__init__(app)
        self.info = info
        self.on_open = on_open
        self.enabled = info.available
        self.pressed = False
        self.unfinished = None  # the SaveInfo of this game's unfinished autosave
        self.learned = False  # its lesson was played to its end: a tag on the art says so
        self.name_size = 0  # the menu sets one title size for every tile (0: the default)
        self.about_size = 0  # and one size for every "what it is" line

    def handle_mouse(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def name(self) -> str:
        return self.app.i18n.pick(self.info.name)

    def name_box(self, rect: pygame.Rect | None = None) -> pygame.Rect:
        """Where the name goes: below the art, above what the game is and the player count."""
        rect = rect or self.rect
        pad, sub_h, about_h, name_h = theme.px(10, self.s), *self.text_heights()
        return pygame.Rect(rect.left + pad, rect.bottom - pad - sub_h - about_h - name_h, rect.width - pad * 2, name_h)

    def about_box(self, rect: pygame.Rect | None = None) -> pygame.Rect:
        """Where what the game is and how long it takes goes: under the name."""
        name = self.name_box(rect)
        return pygame.Rect(name.left, name.bottom, name.width, self.text_heights()[1])

    def text_heights(self) -> tuple:
        """(players line, what it is, name): taller with the player's text size, the art smaller."""
        tall = self.s * self.app.fonts.scale
        return theme.px(28, tall), theme.px(ABOUT_H, tall), theme.px(NAME_H, tall)

    def about_parts(self) -> tuple:
        """(what the game is, how long it takes), in the player's language."""
        low, high = registry.minutes(self.info.id)
        return self.app.t(f"menu.about.{self.info.id}"), self.app.t("menu.minutes", low=low, high=high)

    def about_lines(self, font) -> list:
        """The line whole when it fits the tile, else wrapped before the minutes."""
        what, time = self.about_parts()
        whole = f"{what}{self.app.t('sep')}{time}"
        return [whole] if font.size(whole)[0] <= self.about_box().width else [what, time]

    def about_fits(self, size: int) -> bool:
        font = self.app.fonts.get(size, fixed=True)
        lines, box = self.about_lines(font), self.about_box()
        return all(font.size(line)[0] <= box.width for line in lines) and \
            len(lines) * font.get_height() <= box.height

    def fitted_about_size(self) -> int:
        """The largest size in pixels (TEXT_SMALL at the player's text size, down to ABOUT_SMALLEST of
        it at 100%) at which the line fits whole."""
        size = theme.px(theme.TEXT_SMALL, self.s)
        size, smallest = self.app.fonts.pixels(size), int(size * ABOUT_SMALLEST)
        while size > smallest and not self.about_fits(size):
            size -= 1
        return size

    def fitted_name_size(self) -> int:
        """The largest title size in pixels (TEXT_LARGE at the player's text size, down to 70% of it at
        100%) at which the whole name fits: the menu draws every name at the smallest tile's."""
        box, size = self.name_box(), theme.px(theme.TEXT_LARGE, self.s)
        size, smallest = self.app.fonts.pixels(size), int(size * 0.7)
        while size > smallest and self.app.fonts.get(size, True, fixed=True).size(self.name())[0] > box.width:
            size -= 1
        return size

    def activate(self) -> None:
        if self.enabled:
            self.app.sound.play("click")
            self.on_open(self.info)

    def draw(self, surface) -> None:
        s = self.s
        rect = self.rect.copy()
        lift = theme.px(6, s) if self.enabled and (self.hover or self.focused) and not self.pressed else 0
        rect.move_ip(0, -lift)
        theme.panel(surface, rect, s, color=theme.CREAM, border=theme.GOLD if lift else theme.PAPER_EDGE)
        pad = theme.px(10, s)
        sub_h, about_h, name_h = self.text_heights()
        art = pygame.Rect(rect.left + pad, rect.top + pad, rect.width - pad * 2, rect.height - pad * 3 - name_h - about_h - sub_h)
        path = f"ui/tiles/{self.info.id}.svg"
        img = sprites.load_svg(path, art.size) if self.enabled else sprites.grayscale(path, art.size)
        surface.blit(img, art)
        if self.unfinished is not None:
            self._draw_resume_badge(surface, art)
        if self.learned:
            self._draw_learned_tag(surface, art)
        name_box = self.name_box(rect)
        tx.draw_line(surface, self.app.fonts, self.name(), name_box,
                     self.app.fonts.asked(self.name_size) if self.name_size else theme.px(theme.TEXT_LARGE, s),
                     theme.INK if self.enabled else theme.DISABLED_INK, bold=True)
        self._draw_about(surface, self.about_box(rect))
        sub_box = pygame.Rect(name_box.left, name_box.bottom + about_h, name_box.width, sub_h)
        players = self.app.t("menu.players", low=self.info.min_players, high=self.info.max_players)
        tx.draw_line(surface, self.app.fonts, players, sub_box, theme.px(theme.TEXT_SMALL, s), theme.INK_SOFT)
        if not self.enabled:
            veil = surfaces.new(rect.size, alpha=True)
            pygame.draw.rect(veil, (30, 30, 50, 70), veil.get_rect(), border_radius=theme.radius_for(rect, s))
            surface.blit(veil, rect)
            ribbon = pygame.Rect(rect.left, art.centery - theme.px(22, s), rect.width, theme.px(44, s))
            pygame.draw.rect(surface, theme.PLUM, ribbon)
            pygame.draw.line(surface, theme.GOLD, ribbon.topleft, ribbon.topright, max(1, theme.px(2, s)))
            pygame.draw.line(surface, theme.GOLD, ribbon.bottomleft, ribbon.bottomright, max(1, theme.px(2, s)))
            tx.draw_line(surface, self.app.fonts, self.app.t("menu.coming_soon"), ribbon.inflate(-pad * 2, 0),
                         theme.px(theme.TEXT, s), theme.CREAM, bold=True)
        if self.focused:
            theme.focus_ring(surface, rect, s)

    def _draw_about(self, surface, box) -> None:
        """Its lines centred in `box`, at the size the menu picked for every tile."""
        font = self.app.fonts.get(self.about_size or self.app.fonts.pixels(theme.px(theme.TEXT_SMALL, self.s)), fixed=True)
        lines = self.about_lines(font)
        step = font.get_height()
        top = box.centery - step * len(lines) // 2
        color = theme.INK if self.enabled else theme.DISABLED_INK
        for i, line in enumerate(lines):
            img = tx.render(font, line, color)
            surface.blit(img, img.get_rect(midtop=(box.centerx, top + i * step)))

    def _draw_learned_tag(self, surface, art) -> None:
        """A small gold tag in the art's top corner: this game's lesson is done."""
        s, font = self.s, self.app.fonts.get(theme.px(theme.TEXT_SMALL * 0.8, self.s), True)
        text = tx.render(font, self.app.t("tutorial.learned"), theme.INK)
        pad = theme.px(6, s)
        tag = pygame.Rect(0, 0, min(art.width - pad * 2, text.get_width() + pad * 2), text.get_height() + pad)
        tag.topright = (art.right - pad, art.top + pad)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, tag, border_radius=theme.px(6, s))
        pygame.draw.rect(surface, theme.GOLD_DARK, tag, width=max(1, theme.px(2, s)), border_radius=theme.px(6, s))
        surface.blit(text, text.get_rect(center=tag.center), area=pygame.Rect(0, 0, tag.width - pad, text.get_height()))

    def _draw_resume_badge(self, surface, art) -> None:
        s = self.s
        text = self.app.t("saves.resume", progress=progress_text(self.app, self.unfinished))
        badge = pygame.Rect(art.left, art.bottom - theme.px(36, s), art.width, theme.px(36, s))
        pygame.draw.rect(surface, theme.PLUM, badge, border_radius=theme.px(8, s))
        pygame.draw.rect(surface, theme.GOLD, badge, width=max(1, theme.px(2, s)), border_radius=theme.px(8, s))
        tx.draw_line(surface, self.app.fonts, text, badge.inflate(-theme.px(12, s), 0), theme.px(theme.TEXT_SMALL, s),
                     theme.CREAM, bold=True)


class ResumeDialog(MessageDialog):
    """A game with an unfinished game: resume it (the first, focused choice) or set up a new one.
    Esc closes the box and does neither."""

    READABLE = 0.85  # the smallest text, as a share of the usual size, before the players get shorter

    def __init__(self, app, info, on_resume, on_new, title: str | None = None, new_text: str | None = None) -> None:
        """`title` and `new_text`: a kept lesson's box says so ("Resume the lesson", "Start over")."""
        self.on_resume, self.on_new, self.new_text = on_resume, on_new, new_text
        self.messages = [app.t("saves.unfinished", game=game_title(app, info.game_id),
                               progress=progress_text(app, info), players=players)
                         for players in players_forms(app, info)]
        super().__init__(app, self.messages[0], title=title or app.t("saves.autosave"))

    def layout(self, rect, s) -> None:
        """Name the players in the longest form (`seat_words.players_forms`) whose sentence fits
        the box at a readable size: ten Dream Teller players with their kinds would not."""
        super().layout(rect, s)
        body = self.areas(s)[1]
        font = self.app.fonts.get(int(theme.px(theme.TEXT, s) * self.READABLE))
        self.message = next((m for m in self.messages
                             if len(tx.wrap(font, m, body.width)) * font.get_linesize() <= body.height), self.messages[-1])

    def make_buttons(self) -> list:
        return [Button(self.app, lambda: self.app.t("saves.resume_button"), lambda: self._then(self.on_resume)),
                Button(self.app, lambda: self.new_text or self.app.t("saves.new_button"), lambda: self._then(self.on_new),
                       style="secondary")]

    def _then(self, action) -> None:
        if self.app.top is self:
            self.app.pop()
        action()


class MenuScene(FormScene):
    music = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tiles = [GameTile(app, info, self.open_game_tile) for info in registry.games()]
        t = app.t
        self.learned: set = set()
        self.learn_buttons = [self._learn_button(tile) for tile in self.tiles]
        self.continue_button = Button(app, lambda: t("menu.continue"), self.continue_game)
        self.continue_button.why_not = lambda: t("menu.continue_none")
        self.buttons = [
            self.continue_button,
            Button(app, lambda: t("menu.load"), self.open_load, style="secondary"),
            Button(app, lambda: t("menu.stats"), self.open_stats, style="secondary"),
            Button(app, lambda: t("menu.settings"), self.open_settings, style="secondary"),
            Button(app, lambda: t("menu.rules"), self.open_rules, style="secondary"),
            Button(app, lambda: t("menu.quit"), app.quit, style="secondary"),
        ]
        self.ring.add(*[w for pair in zip(self.tiles, self.learn_buttons) for w in pair], *self.buttons)
        self.unfinished: list = []  # SaveInfos of unfinished autosaves, most recent first
        self.header = pygame.Rect(0, 0, 0, 0)

    def _learn_button(self, tile) -> Button:
        """Learn to play, under a tile: the lesson kept, learned or new says its label."""
        game_id, t = tile.info.id, self.app.t

        def label() -> str:
            if kept_lesson(self.unfinished, game_id, self.app.lang) is not None:
                return t("tutorial.resume")
            return t("tutorial.learn_again" if game_id in self.learned else "tutorial.learn")

        button = Button(self.app, label,
                        lambda: self.learn(game_id),
                        style="secondary", size=theme.TEXT_SMALL)
        button.tip = lambda: t("tutorial.learned_tip" if game_id in self.learned
                               and kept_lesson(self.unfinished, game_id, self.app.lang) is None
                               else "tutorial.learn_tip")
        return button

    def learn(self, game_id: str) -> None:
        """Learn to play: a kept lesson asks resume or start over; else a new one begins."""
        kept = kept_lesson(self.unfinished, game_id, self.app.lang)
        if kept is None:
            open_lesson(self.app, game_id)
            return
        self.app.push(ResumeDialog(self.app, kept, lambda: open_lesson(self.app, game_id, kept),
                                   lambda: open_lesson(self.app, game_id), title=self.app.t("tutorial.resume"),
                                   new_text=self.app.t("tutorial.start_over")))

    # -- actions -------------------------------------------------------------------
    def on_enter(self) -> None:
        super().on_enter()
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Find every game's unfinished autosave: for Continue and the tiles."""
        from ..core.saves import unfinished_games

        try:
            self.unfinished = unfinished_games()
        except OSError:
            self.unfinished = []
        by_game = {info.game_id: info for info in reversed(self.unfinished) if info.tutorial is None}
        self.learned = stats.learned()
        for tile, learn in zip(self.tiles, self.learn_buttons):
            learn.visible = tile.info.available and offers_lesson(tile.info.id)
            tile.learned = tile.info.id in self.learned
        for tile in self.tiles:
            tile.unfinished = by_game.get(tile.info.id)
        self.continue_button.enabled = bool(self.unfinished)

    def continue_game(self) -> None:
        if self.unfinished:
            self.resume(self.unfinished[0])

    def resume(self, info) -> None:
        from ..core.saves import SaveError, load_session

        try:
            session = load_session(info.path)
        except (SaveError, OSError, ValueError) as exc:
            show_error(self.app, self.app.t("menu.continue_failed", error=save_error_text(self.app, exc)))
            self.refresh_continue()
            return
        open_game(self.app, session)

    def open_game_tile(self, info) -> None:
        tile = next(t for t in self.tiles if t.info is info)
        if tile.unfinished is None:
            self.open_setup(info)
            return
        saved = tile.unfinished
        self.app.push(ResumeDialog(self.app, saved, lambda: self.resume(saved),
                                   lambda: self.open_setup(info, replacing=saved)))

    def open_setup(self, info, replacing=None) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app, info, replacing))

    def open_load(self) -> None:
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    def open_stats(self) -> None:
        from .stats import StatsScene

        self.app.push(StatsScene(self.app, self.last_game()))

    def open_settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.last_game()))

    def last_game(self) -> str | None:
        """The game the player was last at, which Rules and Statistics open on: this run's last
        table, else the latest unfinished save's (they opened on Parade after a game of Oz, QA)."""
        return self.app.last_game or (self.unfinished[0].game_id if self.unfinished else None)

    def back(self) -> None:
        self.app.push(ConfirmDialog(self.app, self.app.t("menu.quit_confirm"), self.app.quit,
                                    yes_text=lambda: self.app.t("menu.quit")))

    # -- layout --------------------------------------------------------------------
    def layout(self, rect, s) -> None:
        w, h = rect.size
        margin = theme.px(40, s)
        self.header = pygame.Rect(0, theme.px(24, s), w, theme.px(130, s))
        button_h = theme.px(56, s)
        gap = theme.px(16, s)
        # buttons: one row when it fits, else two rows of three
        per_row = 6 if w >= theme.px(1100, s) else 3
        rows = (len(self.buttons) + per_row - 1) // per_row
        bw = min(theme.px(220, s), (w - margin * 2 - gap * (per_row - 1)) // per_row)
        bottom = h - theme.px(32, s)
        top_of_buttons = bottom - rows * button_h - (rows - 1) * gap
        for i, b in enumerate(self.buttons):
            row, col = divmod(i, per_row)
            count = min(per_row, len(self.buttons) - row * per_row)
            x0 = w // 2 - (count * bw + (count - 1) * gap) // 2
            b.place((x0 + col * (bw + gap), top_of_buttons + row * (button_h + gap), bw, button_h), s)
        # tiles: a row of five, portrait, as large as the space allows
        learn_h, learn_gap = theme.px(40, s), theme.px(10, s)
        area = pygame.Rect(margin, self.header.bottom + theme.px(16, s), w - margin * 2,
                           top_of_buttons - self.header.bottom - theme.px(48, s) - learn_h - learn_gap)
        n = len(self.tiles)
        tgap = theme.px(22, s)
        tile_w = min((area.width - tgap * (n - 1)) // n, int(area.height * 0.66))
        tile_h = min(area.height, int(tile_w / 0.66))
        x0 = area.centerx - (tile_w * n + tgap * (n - 1)) // 2
        y0 = area.top + (area.height - tile_h) // 2
        for i, (tile, learn) in enumerate(zip(self.tiles, self.learn_buttons)):
            tile.place((x0 + i * (tile_w + tgap), y0, tile_w, tile_h), s)
            learn.place((tile.rect.left, tile.rect.bottom + learn_gap, tile_w, learn_h), s)

    def draw_content(self, surface) -> None:
        s = self.s
        size = min(tile.fitted_name_size() for tile in self.tiles)  # one size: no name looks smaller
        about = min(tile.fitted_about_size() for tile in self.tiles)
        for tile in self.tiles:
            tile.name_size, tile.about_size = size, about
        head = self.header
        title_box = pygame.Rect(head.left, head.top, head.width, int(head.height * 0.62))
        font, shown = tx.fit_line(self.app.fonts, self.app.t("app.title"), head.width - theme.px(80, s),
                                  title_box.height, theme.px(theme.TITLE, s), True)
        face = tx.render(font, shown, theme.GOLD_LIGHT)
        edge = tx.render(font, shown, (26, 18, 46))
        box = face.get_rect(center=title_box.center)
        o = max(2, theme.px(3, s))
        for dx, dy in ((-o, 0), (o, 0), (0, -o), (0, o), (o, o), (o * 2, o * 2)):
            surface.blit(edge, box.move(dx, dy))
        surface.blit(face, box)
        for side in (-1, 1):  # a little star flourish either side of the title
            cx = box.centerx + side * (box.width // 2 + theme.px(40, s))
            _star(surface, (cx, box.centery), theme.px(14, s), theme.GOLD)
            _star(surface, (cx + side * theme.px(30, s), box.centery - theme.px(14, s)), theme.px(7, s), theme.GOLD_LIGHT)
        sub = pygame.Rect(head.left + theme.px(60, s), title_box.bottom, head.width - theme.px(120, s),
                          head.height - title_box.height)
        tx.draw_line(surface, self.app.fonts, self.app.t("app.subtitle"), sub, theme.px(theme.TEXT, s), theme.CREAM)


def _star(surface, center, r, color) -> None:
    cx, cy = center
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, color, points)
