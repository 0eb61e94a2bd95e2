"""The Lost in Oz board: tiles, purple barriers, coordinates, markers and the path preview.

The part that never changes during a game (frame, the nine turned tiles, the
cell grid, every barrier, the A-F / 1-6 axes) is rendered once per window size
into one surface; a frame only blits it and the markers on top. Several
markers on one cell share it in a 2x2 (or 3x3) grid, tokens first; a magic book
they stand on goes small into the cell's corner behind them.
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import surfaces, theme
from ...ui.theme import px
from .art import OzArt, arrow_points
from .board import COLUMNS, DELTA, SIZE, TILE_SLOTS

FRAME = (94, 60, 130)  # violet wood around the board
FRAME_LIGHT = (160, 120, 200)
GRID = (60, 100, 50, 70)
PATH = (255, 226, 120)
STOP = (255, 176, 60)
COST = (200, 40, 60)
FOOTPRINT = (90, 60, 10)  # a walked cell's footprints, and the dark edge of a changed cell's corners


LABEL_OFFSET = 19  # unscaled: the coordinate labels' centres stand this far outside the board


def cell_center(lay, cell) -> tuple:
    r = lay.cell_rect(*cell)
    return r.center


def crossing_marks(lay, step) -> dict:
    """Where a path step's marks go: "badge" (−1 for crossing the board's edge or a barrier that
    costs: not under Lifting Mist), and past the edge "arrow" and "unknown" (the ?). A barrier's
    badge sits on it; an edge's three marks stand in the gutter beyond it, beside the line where
    the coordinate label (A–F above, 1–6 to the left) sits, so none covers a label or hides
    under the token. East and south have no gutter: there the marks sit on the edge, pulled in
    to stay whole inside the board's box (the region the board repaints, clipped)."""
    s, c = lay.s, lay.cell
    a = cell_center(lay, step.start)
    dx, dy = DELTA[step.direction]
    marks = {}
    badge = pygame.Rect(0, 0, px(30, s), px(20, s))
    if not step.edge:
        if step.barrier and step.cost > 1:  # not under a spell that makes barriers free
            badge.center = (a[0] + dx * c // 2, a[1] + dy * c // 2)
            marks["badge"] = badge
        return marks
    # north and west: the gutter's middle line, where the labels are; south and east have no gutter:
    # the board's edge
    out = c // 2 + (px(LABEL_OFFSET, s) if dx + dy < 0 else 0)
    px_, py_ = abs(dy), abs(dx)  # along the edge, on screen
    along = step.start[0] if dy else step.start[1]
    far = -1 if along == SIZE - 1 else 1  # the badge goes back toward the board at its last column or row
    for key, shift, rect in (("arrow", 0.3, pygame.Rect(0, 0, px(24, s), px(24, s))),
                             ("unknown", -0.3, pygame.Rect(0, 0, px(22, s), px(22, s))), ("badge", 0.64 * far, badge)):
        side = int(c * shift)
        rect.center = (a[0] + dx * out + px_ * side, a[1] + dy * out + py_ * side)
        marks[key] = rect.clamp(lay.board_box)
    return marks


class BoardView:
    def __init__(self, app, art: OzArt):
        self.app = app
        self.art = art
        self._static = None
        self._static_key = None

    # -- the static board ------------------------------------------------------------
    def static(self, lay, board) -> pygame.Surface:
        key = (lay.size, tuple(board.layout), self.app.lang)
        if self._static_key != key:
            self._static = self._render_static(lay, board)
            self._static_key = key
        return self._static

    def _render_static(self, lay, board) -> pygame.Surface:
        s, box = lay.s, lay.board_box
        surf = surfaces.new(box.size, alpha=True)
        b = lay.board.move(-box.left, -box.top)
        frame = b.inflate(px(16, s), px(16, s))
        theme.shadow(surf, frame, px(10, s), px(5, s))
        pygame.draw.rect(surf, FRAME, frame, border_radius=px(10, s))
        pygame.draw.rect(surf, FRAME_LIGHT, frame.inflate(-px(4, s), -px(4, s)), max(1, px(2, s)), border_radius=px(8, s))
        tile_px = lay.cell * 2
        for slot, (tid, rotation) in enumerate(board.layout):
            tx_, ty_ = slot % TILE_SLOTS, slot // TILE_SLOTS
            surf.blit(self.art.tile(tid, slot, tile_px, rotation), (b.left + tx_ * tile_px, b.top + ty_ * tile_px))
        grid = surfaces.new(b.size, alpha=True)
        for i in range(1, SIZE):
            width = max(1, px(2 if i % 2 == 0 else 1, s))
            colour = (40, 70, 40, 120) if i % 2 == 0 else GRID
            pygame.draw.line(grid, colour, (i * lay.cell, 0), (i * lay.cell, b.height), width)
            pygame.draw.line(grid, colour, (0, i * lay.cell), (b.width, i * lay.cell), width)
        surf.blit(grid, b.topleft)
        self._draw_barriers(surf, lay, board, b)
        # coordinates: letters above, numbers to the left, on small cream tabs
        font = self.app.font(px(15, s), True)
        for i in range(SIZE):
            for text, center in ((COLUMNS[i], (b.left + i * lay.cell + lay.cell // 2, b.top - px(LABEL_OFFSET, s))),
                                 (str(i + 1), (b.left - px(LABEL_OFFSET, s), b.top + i * lay.cell + lay.cell // 2))):
                tab = pygame.Rect(0, 0, px(20, s), px(20, s))
                tab.center = center
                pygame.draw.rect(surf, theme.CREAM, tab, border_radius=tab.height // 2)
                pygame.draw.rect(surf, theme.GOLD_DARK, tab, max(1, px(1, s)), border_radius=tab.height // 2)
                img = tx.render(font, text, theme.PLUM)
                surf.blit(img, img.get_rect(center=tab.center))
        self._draw_compass(surf, (b.left - px(LABEL_OFFSET, s), b.top - px(LABEL_OFFSET, s)), s)
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _draw_compass(self, surf, centre: tuple, s: float) -> None:
        """North is up: a plum tab saying ↑N (↑北) in the gutters' free corner."""
        img = tx.render(self.app.font(px(13, s), True), "↑" + self.app.t("oz.compass_north"), theme.CREAM)
        tab = pygame.Rect(0, 0, max(px(22, s), img.get_width() + px(6, s)), px(22, s))
        tab.center = centre
        tab.left = max(0, tab.left)  # wider than the corner in some languages: keep it on the board's surface
        pygame.draw.rect(surf, theme.PLUM, tab, border_radius=tab.height // 2)
        pygame.draw.rect(surf, theme.GOLD, tab, max(1, px(1, s)), border_radius=tab.height // 2)
        surf.blit(img, img.get_rect(center=tab.center))

    def _draw_barriers(self, surf, lay, board, b: pygame.Rect) -> None:
        c = lay.cell
        thick = max(6, int(c * 0.16))
        horizontal = self.art.barrier(c + thick // 2, thick, False)
        vertical = self.art.barrier(c + thick // 2, thick, True)
        for (x, y), d in sorted(board.barriers):
            left, top = b.left + x * c, b.top + y * c
            if d in ("S", "N"):
                yy = top + (c if d == "S" else 0)
                surf.blit(horizontal, horizontal.get_rect(center=(left + c // 2, yy)))
            else:
                xx = left + (c if d == "E" else 0)
                surf.blit(vertical, vertical.get_rect(center=(xx, top + c // 2)))

    # -- markers ------------------------------------------------------------------------
    def pieces(self, state, hidden: frozenset = frozenset()) -> dict:
        """cell -> [(kind, arg)] of the pieces that move, in drawing priority: tokens, wizard, gems
        (the books stay put: `book_rect`)."""
        cells: dict = {}
        for seat, cell in enumerate(state.tokens):
            if ("token", seat) not in hidden:
                cells.setdefault(tuple(cell), []).append(("token", seat))
        if state.wizard is not None and ("wizard", 0) not in hidden:
            cells.setdefault(tuple(state.wizard), []).append(("wizard", 0))
        for colour, cell in state.gems.items():
            if ("gem", colour) not in hidden:
                cells.setdefault(tuple(cell), []).append(("gem", colour))
        return cells

    def book_rect(self, lay, cell, shared: bool) -> pygame.Rect:
        """Where a magic book is drawn: alone, as a single piece; with pieces on its cell, small in
        the top-right corner behind them, so a token there keeps its full size (a token on a book
        shrank to a quarter of the cell beside it and was easy to miss, QA)."""
        if not shared:
            return self.piece_rects(lay, cell, 1)[0]
        r, size = lay.cell_rect(*cell), int(lay.cell * 0.4)
        return pygame.Rect(r.right - size - px(2, lay.s), r.top + px(2, lay.s), size, size)

    def piece_rects(self, lay, cell, count: int) -> list:
        """Where `count` pieces sit inside a cell."""
        r = lay.cell_rect(*cell)
        if count == 1:
            size = int(lay.cell * 0.74)
            return [pygame.Rect(r.centerx - size // 2, r.centery - size // 2, size, size)]
        per = 2 if count <= 4 else 3
        size = int(lay.cell * (0.47 if per == 2 else 0.32))
        pad = (lay.cell - per * size) // (per + 1)
        return [pygame.Rect(r.left + pad + (i % per) * (size + pad), r.top + pad + (i // per) * (size + pad), size, size)
                for i in range(count)]

    def sprite(self, state, kind: str, arg, size: int) -> pygame.Surface:
        if kind == "token":
            return self.art.token(state.characters[arg], state.colours[arg], size)
        if kind == "wizard":
            return self.art.wizard(size)
        return self.art.gem(arg, int(size * 0.86))

    def draw_pieces(self, surface, lay, state, hidden: frozenset = frozenset(), lit: set = frozenset()) -> None:
        cells = self.pieces(state, hidden)
        for cell in map(tuple, state.books):
            rect = self.book_rect(lay, cell, cell in cells)
            img = self.art.book(int(rect.width * 0.9))
            surface.blit(img, img.get_rect(center=rect.center))
        for cell, items in cells.items():
            for (kind, arg), rect in zip(items, self.piece_rects(lay, cell, len(items))):
                if (kind, arg) in lit:
                    pygame.draw.circle(surface, PATH, rect.center, rect.width // 2 + px(4, lay.s), max(2, px(3, lay.s)))
                img = self.sprite(state, kind, arg, rect.width)
                surface.blit(img, img.get_rect(center=rect.center))

    def piece_rect(self, lay, state, kind: str, arg) -> pygame.Rect | None:
        """Where a piece is drawn now (for animations that start from it)."""
        for cell, items in self.pieces(state).items():
            if (kind, arg) in items:
                return self.piece_rects(lay, cell, len(items))[items.index((kind, arg))]
        return None

    # -- path preview ---------------------------------------------------------------------
    def draw_path(self, surface, lay, path: list) -> None:
        """Cells the walk would enter, the line through them, the stop's outline, and the arrow
        and ? past an edge (what each cell gives comes after the pieces: `draw_path_badges`)."""
        if not path:
            return
        s = lay.s
        c = lay.cell
        veil = surfaces.new((c, c), alpha=True)
        veil.fill((*PATH, 70))
        stop_veil = surfaces.new((c, c), alpha=True)
        stop_veil.fill((*STOP, 110))
        points = [cell_center(lay, path[0].start)]
        for step in path:
            if step.target is not None:
                r = lay.cell_rect(*step.target)
                surface.blit(stop_veil if step.stop else veil, r)
                points.append(r.center)
        if len(points) > 1:
            pygame.draw.lines(surface, (90, 50, 10), False, points, max(3, px(6, s)))
            pygame.draw.lines(surface, PATH, False, points, max(2, px(3, s)))
        for step in path:
            marks = crossing_marks(lay, step)
            if step.edge:
                arrow = marks["arrow"]
                pygame.draw.polygon(surface, (255, 240, 200), arrow_points(arrow.center, arrow.width, step.direction))
                pygame.draw.polygon(surface, theme.PLUM, arrow_points(arrow.center, arrow.width, step.direction),
                                    max(1, px(2, s)))
                q = marks["unknown"]
                pygame.draw.circle(surface, theme.PLUM, q.center, q.width // 2)
                img = tx.render(self.app.font(px(17, s), True), "?", theme.WHITE)
                surface.blit(img, img.get_rect(center=q.center))
                continue
            if step.stop:
                r = lay.cell_rect(*step.target)
                pygame.draw.rect(surface, STOP, r.inflate(-px(2, s), -px(2, s)), max(2, px(4, s)), border_radius=px(6, s))
        # where the token stands now
        start = lay.cell_rect(*path[0].start)
        pygame.draw.rect(surface, theme.WHITE, start.inflate(-px(4, s), -px(4, s)), max(2, px(3, s)), border_radius=px(6, s))

    def draw_path_badges(self, surface, lay, path: list) -> None:
        """The −1 badge on every line the walk crosses (a barrier or the board's edge), and in
        each cell it enters the points left and the gain pills, drawn after the pieces and the
        stop outline: a barrier's badge sits half in the token's cell and half in the next,
        where they covered it, and the pieces of a shared cell covered its corners (QA)."""
        s = lay.s
        small = self.app.font(px(13, s), True)
        for step in path:
            if step.target is not None:  # points left after the step, top-left corner
                r = lay.cell_rect(*step.target)
                tag = pygame.Rect(r.left + px(3, s), r.top + px(3, s), px(22, s), px(22, s))
                pygame.draw.circle(surface, theme.CREAM if not step.stop else STOP, tag.center, tag.width // 2)
                pygame.draw.circle(surface, theme.GOLD_DARK, tag.center, tag.width // 2, max(1, px(2, s)))
                img = tx.render(small, str(step.points_left), theme.INK)
                surface.blit(img, img.get_rect(center=tag.center))
            badge = crossing_marks(lay, step).get("badge")
            if badge is not None:
                pygame.draw.rect(surface, COST, badge, border_radius=badge.height // 2)
                pygame.draw.rect(surface, theme.WHITE, badge, max(1, px(1, s)), border_radius=badge.height // 2)
                img = tx.render(small, "−1", theme.WHITE)
                surface.blit(img, img.get_rect(center=badge.center))
            for pill, img, colour, back in self.gain_pills(lay, step):
                pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
                surface.blit(img, (pill.left + px(5, s), pill.centery - img.get_height() // 2))
                if back is not None:
                    surface.blit(back, (pill.right - px(5, s) - back.get_width(), pill.centery - back.get_height() // 2))

    def gain_pills(self, lay, step) -> list:
        """[(rect, text, colour, card back or None)]: a step's points (+n, green) and book cards
        (+n and a card, plum), side by side at the foot of the cell it enters, right first:
        stacked, they climbed over the pieces of a shared cell."""
        if step.target is None:
            return []
        s = lay.s
        r = lay.cell_rect(*step.target)
        font = self.app.font(px(16, s), True)
        right, out = r.right - px(3, s), []
        for amount, colour, card in ((step.score, theme.GREEN, False), (step.book, theme.PLUM, True)):
            if not amount:
                continue
            img = tx.render(font, f"+{amount}", theme.WHITE)
            back = self.art.card_back(int(img.get_height() * 0.9), int(img.get_height() * 0.57)) if card else None
            extra = back.get_width() + px(3, s) if back else 0
            pill = pygame.Rect(0, 0, img.get_width() + extra + px(10, s), img.get_height() + px(4, s))
            pill.bottomright = (right, r.bottom - px(3, s))
            right = pill.left - px(3, s)
            out.append((pill, img, colour, back))
        return out[::-1]  # left to right

    def draw_cell_marks(self, surface, lay, cells, colour=(255, 255, 255)) -> None:
        """Outline cells (choices a spell offers, the last move's cells)."""
        for cell in cells:
            r = lay.cell_rect(*cell).inflate(-px(6, lay.s), -px(6, lay.s))
            pygame.draw.rect(surface, colour, r, max(2, px(3, lay.s)), border_radius=px(8, lay.s))


    def draw_walked(self, surface, lay, cells) -> None:
        """Footprints in the corner of each cell another player walked into: told from the path
        being planned (a veil, a line and outlines) by their shape, not by colour (both were gold
        outlines, QA)."""
        s, c = lay.s, lay.cell
        w, h = max(3, int(c * 0.09)), max(5, int(c * 0.16))
        rim = max(1, px(1, s))
        for cell in cells:
            r = lay.cell_rect(*cell)
            base = (r.left + int(c * 0.1), r.bottom - int(c * 0.1))
            for dx, dy in ((0, 0), (int(w * 1.5), -int(h * 0.7))):  # a left foot, then a right one ahead of it
                sole = pygame.Rect(0, 0, w, h)
                sole.bottomleft = (base[0] + dx, base[1] + dy)
                pygame.draw.ellipse(surface, theme.GOLD_LIGHT, sole.inflate(2 * rim, 2 * rim))
                pygame.draw.ellipse(surface, FOOTPRINT, sole)

    def draw_corners(self, surface, lay, cells) -> None:
        """A changed cell's four corners bracketed (a gem or the Wizard moved there, a book read):
        a shape no path preview has."""
        s = lay.s
        arm, width = int(lay.cell * 0.22), max(2, px(3, s))
        for cell in cells:
            r = lay.cell_rect(*cell).inflate(-px(4, s), -px(4, s))
            for corner, (ux, uy) in ((r.topleft, (1, 1)), (r.topright, (-1, 1)), (r.bottomleft, (1, -1)),
                                     (r.bottomright, (-1, -1))):
                x, y = corner[0] - (ux < 0), corner[1] - (uy < 0)
                for colour, wide in ((FOOTPRINT, width + 2), (theme.GOLD_LIGHT, width)):
                    pygame.draw.line(surface, colour, (x, y), (x + ux * arm, y), wide)
                    pygame.draw.line(surface, colour, (x, y), (x, y + uy * arm), wide)
