"""Ctrl+A in a text field (ui/widgets.py TextInput): select all, then typing replaces the
text and Backspace clears it; arrows, Home and End drop the selection."""

import pygame
import pytest

from wonderland_games.ui.screen import FormScene
from wonderland_games.ui.testing import click, click_widget, compose, key, make_app, step, type_text
from wonderland_games.ui.widgets import TextInput


class Field(FormScene):
    def __init__(self, app, field):
        super().__init__(app)
        self.field = field
        self.ring.add(field)

    def layout(self, rect, s):
        self.field.place((40, 40, 400, 50), s)


@pytest.fixture
def field():
    app = make_app((1280, 800), "zh")
    widget = TextInput(app, "Alice", max_len=12)
    app.push(Field(app, widget))
    step(app)
    click_widget(app, widget)
    yield app, widget
    app.stack.clear()


def press(app, k, mod=0, unicode=""):
    """A key as SDL sends it (a printable key's KEYDOWN carries its character; TEXTINPUT follows)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    step(app)


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, pygame.KMOD_RCTRL, pygame.KMOD_LMETA])
def test_ctrl_a_then_typing_replaces_the_text(field, mod):
    app, widget = field
    press(app, pygame.K_a, mod)
    assert widget.all_selected and widget.text == "Alice"  # selecting types no "a"
    press(app, pygame.K_b, unicode="b")
    type_text(app, "b")
    assert widget.text == "b" and widget.cursor == 1 and not widget.all_selected
    type_text(app, "ob")
    assert widget.text == "bob"


@pytest.mark.parametrize("k", [pygame.K_BACKSPACE, pygame.K_DELETE])
def test_ctrl_a_then_backspace_or_delete_clears_the_field(field, k):
    app, widget = field
    seen = []
    widget.on_change = seen.append
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, k)
    assert widget.text == "" and widget.cursor == 0 and seen == [""]
    type_text(app, "猫")
    assert widget.text == "猫"


def test_a_plain_a_still_types_and_an_arrow_drops_the_selection(field):
    app, widget = field
    key(app, pygame.K_a)
    type_text(app, "a")
    assert widget.text == "Alicea" and not widget.all_selected
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_LEFT)
    assert not widget.all_selected and widget.cursor == 0
    type_text(app, "x")
    assert widget.text == "xAlicea"
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    assert widget.text == "xAlice"


def test_a_chinese_composition_replaces_the_selection_only_when_committed(field):
    app, widget = field
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    compose(app, "mao")
    assert widget.text == "Alice" and widget.all_selected  # still there if the IME is cancelled
    type_text(app, "猫")
    assert widget.text == "猫"


def test_the_selection_is_drawn_and_ends_with_the_focus(field):
    app, widget = field
    plain = app.screen.copy()
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    step(app)
    picked = pygame.Rect(widget.rect.left + 14, widget.rect.centery, 20, 1)
    assert any(app.screen.get_at(p) != plain.get_at(p) for p in [(x, picked.y) for x in range(picked.left, picked.right)])
    click(app, (900, 700))  # clicking elsewhere leaves the field: nothing stays selected
    assert not widget.focused and not widget.all_selected
