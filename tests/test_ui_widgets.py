"""Widgets, text fitting, focus, sprites, tweens and the bot runner, driven by real events."""

import threading
import time

import pygame
import pytest

from wonderland_games.ui import sprites
from wonderland_games.ui import text as tx
from wonderland_games.ui.botrunner import BotRunner
from wonderland_games.ui.screen import FormScene
from wonderland_games.ui.testing import click, click_widget, compose, key, make_app, step, type_text
from wonderland_games.ui.widgets import Button, Choice, ListView, ScrollText, Slider, TextInput, parse_markdown


@pytest.fixture
def app():
    a = make_app((1280, 800), "zh")
    yield a
    a.stack.clear()


class Form(FormScene):
    """A scene holding the given widgets in a column."""

    def __init__(self, app, widgets):
        super().__init__(app)
        self.widgets = widgets
        self.ring.add(*widgets)
        self.backs = 0

    def back(self):
        self.backs += 1

    def layout(self, rect, s):
        for i, w in enumerate(self.widgets):
            w.place((100, 60 + i * 90, 500, 60), s)


def push(app, *widgets):
    scene = Form(app, list(widgets))
    app.push(scene)
    step(app)
    return scene


# -- text ------------------------------------------------------------------------------
def test_wrap_breaks_chinese_per_character_and_english_per_word(app):
    font = app.font(22)
    zh = "仙境里的游行队伍越来越长，每个人都想少拿几张牌。" * 3
    lines = tx.wrap(font, zh, 200)
    assert len(lines) > 3 and "".join(lines) == zh
    assert all(font.size(line)[0] <= 200 for line in lines)
    assert not any(line[0] in "，。" for line in lines if line)  # no line starts with closing punctuation
    en = "The parade grows longer and every player hopes to take as few cards as possible"
    lines = tx.wrap(font, en, 220)
    assert " ".join(lines) == en  # only broken at spaces
    assert all(font.size(line)[0] <= 220 for line in lines)


def test_wrap_splits_a_word_wider_than_the_line(app):
    font = app.font(22)
    lines = tx.wrap(font, "Supercalifragilisticexpialidocious", 80)
    assert len(lines) > 1 and all(font.size(line)[0] <= 80 for line in lines)


def test_fit_line_shrinks_then_ellipsizes(app):
    font, shown = tx.fit_line(app.fonts, "短", 300, 40, 24)
    assert shown == "短" and font.get_height() >= 24
    font, shown = tx.fit_line(app.fonts, "A very long label that cannot possibly fit in the box", 120, 30, 24)
    assert shown.endswith(tx.ELLIPSIS) and font.size(shown)[0] <= 120


def test_fit_block_stays_inside_its_box(app):
    text = "这是一段很长的说明文字，" * 40
    font, lines = tx.fit_block(app.fonts, text, 300, 120, 24)
    assert len(lines) * font.get_linesize() <= 120
    assert lines[-1].endswith(tx.ELLIPSIS)


# -- buttons and focus -------------------------------------------------------------------
def test_button_click_and_disabled(app):
    hits = []
    ok = Button(app, "好", lambda: hits.append("ok"))
    off = Button(app, "不行", lambda: hits.append("off"), enabled=False)
    push(app, ok, off)
    click_widget(app, ok)
    click_widget(app, off)
    assert hits == ["ok"]
    # press inside, release outside: no click
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ok.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    step(app)
    assert hits == ["ok"]


def test_keyboard_moves_focus_and_activates(app):
    hits = []
    a = Button(app, "A", lambda: hits.append("a"))
    b = Button(app, "B", lambda: hits.append("b"))
    c = Button(app, "C", lambda: hits.append("c"), enabled=False)
    scene = push(app, a, b, c)
    key(app, pygame.K_DOWN)  # first key shows focus on the first widget
    assert scene.ring.current is a and a.focused
    key(app, pygame.K_DOWN)
    assert scene.ring.current is b
    key(app, pygame.K_DOWN)  # the disabled one is skipped: nothing further down
    assert scene.ring.current is b
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_SPACE)
    assert hits == ["b", "a"]
    key(app, pygame.K_ESCAPE)
    assert scene.backs == 1


# -- text input ------------------------------------------------------------------------------
def test_text_input_types_chinese_and_respects_max_length(app, monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    field = TextInput(app, "", max_len=5)
    other = Button(app, "OK", lambda: None)
    push(app, field, other)
    type_text(app, "ignored")  # not focused: typing goes nowhere
    assert field.text == ""
    click_widget(app, field)
    assert calls[-1] == "start"
    compose(app, "mao")
    assert field.composition == "mao"
    key(app, pygame.K_BACKSPACE)  # the IME owns keys while composing
    type_text(app, "猫猫")
    assert field.text == "猫猫" and field.composition == ""
    type_text(app, "abcdef")
    assert field.text == "猫猫abc"
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_DELETE)
    assert field.text == "猫猫a"
    click_widget(app, other)
    assert calls[-1] == "stop" and not field.focused


def test_text_input_filter_reports_rejected_characters(app):
    rejected = []
    field = TextInput(app, "", max_len=9, allowed=str.isdigit, on_reject=lambda: rejected.append(1))
    push(app, field)
    click_widget(app, field)
    type_text(app, "12x3")
    assert field.text == "123" and rejected and field.error


def test_text_input_refuses_what_the_bundled_font_cannot_draw(app):
    """A name typed as "Mo🌙x" once showed a box for the moon on every Dream Teller table."""
    rejected = []
    field = TextInput(app, "", max_len=12, on_reject=lambda: rejected.append(1))
    push(app, field)
    click_widget(app, field)
    type_text(app, "Mo🌙x梦")
    assert field.text == "Mox梦" and rejected and field.error
    assert app.fonts.draws("梦") and app.fonts.draws("é") and not app.fonts.draws("🌙")


# -- choice, slider, list, scroll text --------------------------------------------------------
def test_choice_cycles_by_click_and_arrows(app):
    seen = []
    choice = Choice(app, [(1, "一"), (2, "二"), (3, "三")], 2, on_change=seen.append)
    push(app, choice)
    click(app, (choice.rect.right - 5, choice.rect.centery))
    click(app, (choice.rect.left + 5, choice.rect.centery))
    key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert seen == [3, 2, 1, 3]


def test_slider_drag_and_keys(app):
    slider = Slider(app, 0.0, 1.0, 0.1, 0.5)
    push(app, slider)
    track = slider._track()
    click(app, (track.right + 50, track.centery))
    assert slider.value == 1.0
    key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    assert slider.value == pytest.approx(0.9)


def test_list_view_selects_scrolls_and_activates(app):
    chosen = []
    lv = ListView(app, list(range(30)), lambda *a: None, row_height=50, on_activate=chosen.append)
    push(app, lv)
    key(app, pygame.K_TAB)
    for _ in range(12):
        key(app, pygame.K_DOWN)
    assert lv.selected == 12 and lv.offset > 0
    key(app, pygame.K_RETURN)
    assert chosen == [12]


def test_scroll_text_markdown_wheel_and_keys(app):
    blocks = parse_markdown("# 标题\n\n第一段文字，\n接着写。\n\n## Setup\n- one bullet\n- **bold** two\n\n" + "段落。" * 400)
    assert blocks[:4] == [("h1", "标题"), ("p", "第一段文字，接着写。"), ("h2", "Setup"), ("li", "one bullet")]
    assert blocks[4] == ("li", "bold two")
    st = ScrollText(app, blocks)
    push(app, st)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=st.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=0.0))
    step(app)
    assert st.offset > 0
    key(app, pygame.K_TAB)
    key(app, pygame.K_END)
    assert st.offset == st._content_h - st.rect.height
    key(app, pygame.K_HOME)
    assert st.offset == 0


# -- sprites, tweens, bots ----------------------------------------------------------------------
def test_sprites_load_svg_and_fall_back_to_a_placeholder(app):
    img = sprites.load_svg("ui/tiles/parade.svg", (120, 160))
    assert img.get_size() == (120, 160)
    assert sprites.load_svg("ui/tiles/parade.svg", (120, 160)) is img  # cached
    missing = sprites.load_svg("no/such/art.svg", (50, 70))
    assert missing.get_size() == (50, 70) and "no/such/art.svg" in sprites.failures
    assert sprites.load_image("no/such.png", (20, 20)).get_size() == (20, 20)


def test_bot_runner_thinks_off_thread_and_keeps_a_pace():
    release = threading.Event()

    class SlowBot:
        def choose(self, view, legal, rng, budget=None):
            release.wait(2)
            return legal[-1]

    class S:
        animation_speed = 1.0
        fast_forward = False
        bot_think_seconds = 0.5

    runner = BotRunner(SlowBot(), None, [("a",), ("b",)], None, S())
    start = time.perf_counter()
    runner.update(1.0)
    assert not runner.done and runner.thinking and time.perf_counter() - start < 0.1  # never blocks
    release.set()
    runner.wait(2)
    assert runner.done and runner.action == ("b",)
    quick = BotRunner(SlowBot(), None, [("a",)], None, S())
    quick.wait(2)
    assert not quick.done  # answered, but the pause has not passed
    quick.update(0.5)
    assert quick.done
    S.fast_forward = True
    ff = BotRunner(SlowBot(), None, [("a",)], None, S())
    ff.wait(2)
    assert ff.done and ff.pause == 0


def test_bot_runner_reports_errors():
    class Broken:
        def choose(self, *a, **k):
            raise RuntimeError("boom")

    class S:
        animation_speed = 1.0
        fast_forward = False
        bot_think_seconds = 1.0

    runner = BotRunner(Broken(), None, [], None, S())
    runner.wait(2)
    assert runner.done and isinstance(runner.error, RuntimeError) and runner.action is None


def test_scrim_dims_the_scene_instead_of_hiding_it(app):
    """The veil under dialogs is translucent: a light scene stays visible, only darker."""
    from wonderland_games.ui import theme

    screen = app.screen
    screen.fill((200, 200, 200))
    theme.scrim(screen)
    r, g, b, _ = screen.get_at((5, 5))
    assert 40 < r < 200 and 40 < g < 200, (r, g, b)  # neither the full navy veil nor untouched


def test_an_enabled_button_shows_its_tip_and_a_greyed_one_its_reason(app):
    from wonderland_games.ui.widgets import Button, draw_tip

    button = Button(app, "→")
    button.place((100, 100, 40, 30), 1.0)
    button.hover = True
    assert draw_tip(app.screen, button) is None  # nothing to say
    button.tip = "Turn right"
    assert draw_tip(app.screen, button) is not None
    button.enabled, button.why_not = False, None
    assert draw_tip(app.screen, button) is None  # a greyed button says why, not what it does
    button.why_not = "Not now"
    assert draw_tip(app.screen, button) is not None


def test_a_tip_at_the_windows_edge_keeps_clear_of_it(app):
    """Pushed in from the edge, not flush against it (QA: tips touched the window's right side)."""
    from wonderland_games.ui.widgets import Button, draw_tip

    width, height = app.screen.get_size()
    button = Button(app, "→")
    button.tip = "A tip long enough to reach past the window's right edge from here"
    button.hover = True
    for rect in ((width - 40, 100, 40, 30), (0, 100, 40, 30), (width // 2, height - 30, 40, 30)):
        button.place(rect, 1.0)
        tip = draw_tip(app.screen, button)
        assert app.screen.get_rect().inflate(-8, -8).contains(tip), (rect, tip)
