"""The Phones box (scenes/phones.py) as the host sees it: as big as its seats need, and each seat's
code large enough to be typed from across the table, at 1024x640, 1280x800 and 1920x1080."""

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.phones import PhonesScene
from wonderland_games.ui import text as tx
from wonderland_games.ui import theme
from wonderland_games.ui.testing import make_app, step

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
NAMES = ["Alice", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def phones_box(monkeypatch, game: str, phones: int, size: tuple, lang: str = "en"):
    """A table of `game` whose last `phones` seats are phones, its Phones box on top: (app, box)."""
    monkeypatch.setattr("wonderland_games.ui.phone_link.PhoneLink.__init__.__defaults__", (0, "127.0.0.1"))
    info = registry.get(game)
    players = max(info.min_players, min(phones + 1, info.max_players))
    app = make_app(size, lang)
    session = Session.new(game, [Seat(name) for name in NAMES[:players]], seed=3, autosave=False)
    session.phones = list(range(players - phones, players))
    app.push(scene_class(game)(app, session))
    step(app, 2)
    assert isinstance(app.top, PhonesScene)
    return app, app.top


def close(app):
    while app.stack:
        app.pop()


class Blits(pygame.Surface):
    """A window that remembers where each piece of text was put (tx.render's images, by text)."""

    def __init__(self, size, texts):
        super().__init__(size)
        self.texts, self.placed = texts, []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        if id(source) in self.texts:
            self.placed.append((self.texts[id(source)], source.get_rect(topleft=rect.topleft)))
        return rect


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_one_phone_seat_gets_a_compact_box_in_the_middle(monkeypatch, size, lang):
    """QA: the box filled the whole window even for one seat."""
    app, box = phones_box(monkeypatch, "parade", 1, size, lang)
    try:
        window = pygame.Rect((0, 0), size)
        assert window.contains(box.box) and box.box.center == window.center
        assert box.box.width < window.width / 2 and box.box.height < window.height * 0.85, box.box
        (_, card, qr), = box.cards
        assert box.box.contains(card) and card.contains(qr) and qr.width >= theme.px(150, box.s)
    finally:
        close(app)


@pytest.mark.parametrize("game, phones", [("parade", n) for n in range(1, 7)] + [("dream", 9), ("dream", 10)])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_every_seat_fits_whole_and_apart(monkeypatch, game, phones, size):
    app, box = phones_box(monkeypatch, game, phones, size)
    try:
        window = pygame.Rect((0, 0), size)
        assert window.contains(box.box)
        cards = [card for _, card, _ in box.cards]
        assert len(cards) == phones and all(box.box.contains(card) for card in cards)
        assert not [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:] if a.colliderect(b)]
        buttons = [w.rect for w in box.ring.widgets]
        assert all(box.box.contains(r) for r in buttons)
        assert not [(a, b) for i, a in enumerate(buttons) for b in buttons[i + 1:] if a.colliderect(b)]
        assert all(card.contains(qr) for _, card, qr in box.cards if qr.width)
    finally:
        close(app)


@pytest.mark.parametrize("game, phones", [("parade", 1), ("parade", 4), ("parade", 6), ("dream", 10)])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_code_is_drawn_whole_at_least_as_large_as_body_text_and_clear_of_its_qr(monkeypatch, game, phones,
                                                                                        size, lang):
    """QA: a seat's code was about 11 px tall at 1024x640, too small to type from."""
    app, box = phones_box(monkeypatch, game, phones, size, lang)
    texts, render = {}, tx.render

    def remembered(font, text, *args, **kwargs):
        image = render(font, text, *args, **kwargs)
        texts[id(image)] = (text, font.point_size)
        return image

    monkeypatch.setattr(tx, "render", remembered)
    try:
        surface = Blits(size, texts)
        box.draw(surface)
        body = theme.px(theme.TEXT, box.s)
        for seat, card, qr in box.cards:
            code = "-".join(box.link.host.codes[seat][i:i + 4] for i in (0, 4, 8))
            pieces = [(text, point, rect) for (text, point), rect in surface.placed
                      if card.contains(rect) and text and text in code and text != "-"]
            assert "".join(text for text, _, _ in pieces).replace("-", "") == code.replace("-", ""), (seat, pieces)
            assert min(point for _, point, _ in pieces) >= body
            drawn = pieces[0][2].unionall([rect for _, _, rect in pieces])
            assert card.contains(drawn) and not drawn.colliderect(qr)
    finally:
        close(app)


@pytest.mark.parametrize("game, phones", [("parade", 1), ("parade", 6), ("dream", 10)])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda size: "x".join(map(str, size)))
def test_at_150_percent_text_the_box_still_fits_and_keeps_its_qr_codes(monkeypatch, game, phones, size):
    app, box = phones_box(monkeypatch, game, phones, size)
    try:
        sides = [qr.width for _, _, qr in box.cards]
        app.set_text_scale(1.5)
        box.on_resize(size)
        assert pygame.Rect((0, 0), size).contains(box.box)
        assert [qr.width > 0 for _, _, qr in box.cards] == [side > 0 for side in sides]
    finally:
        close(app)


def test_without_a_server_the_cards_keep_no_room_for_a_code_or_its_qr(monkeypatch):
    """The server could not start (the port taken): the seats are played here, no code to type."""
    def refused(self):
        raise OSError("address in use")

    monkeypatch.setattr("wonderland_games.net.server.PhoneServer.start", refused)
    app, box = phones_box(monkeypatch, "parade", 2, (1024, 640))
    try:
        px, lines = (lambda v: theme.px(v, box.s)), box.heights
        assert box.link.error and app.t("phone.table.failed", error=box.link.error) == box._how()
        for _, card, qr in box.cards:
            assert qr.width == 0 and card.height == lines["name"] + lines["status"] + px(40) + px(28)
    finally:
        close(app)
