"""The main menu and starting a game, driven by real clicks and keys."""

import json

import pygame
import pytest

from wonderland_games.core import registry
from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.core.settings import TEXT_SCALES
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.menu import GameTile, MenuScene
from wonderland_games.scenes.setup import SetupScene
from wonderland_games.ui.dialogs import ConfirmDialog, MessageDialog
from wonderland_games.ui.main import run
from wonderland_games.ui.testing import click, click_widget, key, make_app, step, type_text


@pytest.fixture
def app(menu_app):
    return menu_app


def tile(app, game_id):
    return next(t for t in app.top.tiles if t.info.id == game_id)


def open_setup(app, game_id):
    """Click a game's tile: its setup screen (tests' apps offer no lesson first, ui/testing.make_app)."""
    click_widget(app, tile(app, game_id))
    assert isinstance(app.top, SetupScene)


def test_smoke_run_draws_the_menu(user_dirs):
    assert run(smoke=True) == 0
    screen = pygame.display.get_surface()
    colours = {screen.get_at((x, y))[:3] for x in range(0, screen.get_width(), 37) for y in range(0, screen.get_height(), 29)}
    assert len(colours) > 20  # tiles, text and the sky, not a blank frame


def test_the_dream_tile_opens_a_table_of_people(app):
    menu = app.top
    assert [t.info.id for t in menu.tiles] == ["parade", "oz", "voyage", "valley", "dream"]
    open_setup(app, "dream")
    assert app.top.info.id == "dream"
    assert [row.kind.value for row in app.top.rows[:4]] == ["human"] * 4
    click_widget(app, app.top.start_button)
    assert type(app.top) is scene_class("dream") and app.top.state.mode == "table"


def test_unbuilt_games_are_marked_and_not_clickable(app, monkeypatch):
    import dataclasses

    from wonderland_games.core import registry

    monkeypatch.setitem(registry._REGISTRY, "dream", dataclasses.replace(registry.get("dream"), available=False))
    app.stack.clear()
    app.push(MenuScene(app))
    step(app)
    menu = app.top
    click_widget(app, tile(app, "dream"))
    assert app.top is menu
    assert not tile(app, "dream").can_focus and tile(app, "valley").can_focus


def test_menu_to_setup_to_game(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    click_widget(app, setup.start_button)
    cls = scene_class("parade")
    assert type(app.top) is cls and app.top.session.game_id == "parade"
    assert len(app.top.session.seats) == 3


def test_keyboard_only_reaches_setup_and_back(app):
    key(app, pygame.K_RIGHT)  # first key shows focus on the first tile
    assert isinstance(app.top.ring.current, GameTile) and app.top.ring.current.info.id == "parade"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_escape_asks_before_quitting(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_ESCAPE)  # no
    assert isinstance(app.top, MenuScene) and app.running
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.top.buttons[0])  # yes
    assert not app.running


def played(game, moves=2, seed=5):
    """A game with a few moves (each one autosaves)."""
    session = Session.new(game, [Seat("甲"), Seat("乙", "bot", "easy")], seed=seed)
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    return session


def drawn_texts(app, monkeypatch):
    """Every line of text the next frame draws."""
    from wonderland_games.ui import text as tx

    seen, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: seen.append(text) or
                        real(surface, fonts, text, *a, **k))
    step(app)
    monkeypatch.setattr(tx, "draw_line", real)
    return seen


def test_continue_follows_the_most_recent_unfinished_game(app):
    assert not app.top.continue_button.enabled
    played("oz")
    voyage = played("voyage")
    app.top.on_enter()
    assert app.top.continue_button.enabled
    click_widget(app, app.top.continue_button)
    assert type(app.top) is scene_class("voyage") and app.top.session.actions == voyage.actions


def test_a_greyed_continue_says_why_above_itself(app, monkeypatch):
    from wonderland_games.ui import text as tx

    button = app.top.continue_button
    assert not button.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    rendered, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: rendered.append(text) or real(font, text, *a, **k))
    step(app)
    assert any(app.t("menu.continue_none") in line for line in rendered)
    from wonderland_games.ui.widgets import draw_tip

    tip = draw_tip(app.screen, button)
    assert tip.bottom <= button.rect.top, "at the foot of the window the tip stands above the button"


def test_a_tile_with_an_unfinished_game_says_so_and_offers_resume_or_new(app, monkeypatch):
    from wonderland_games.core import saves
    from wonderland_games.scenes.menu import ResumeDialog

    oz = played("oz", moves=3)
    played("voyage")
    menu = app.top
    menu.on_enter()
    texts = drawn_texts(app, monkeypatch)
    round_now = oz.state.turn_number()
    # each in its table's words: Oz's round is a 回合 (its status line's 第 n 回合), Voyage's a 轮
    assert f"继续 · 第 {round_now} 回合" in texts and "继续 · 第 1 轮" in texts  # Oz and Voyage tiles
    assert tile(app, "parade").unfinished is None
    app.i18n.set_language("en")
    assert f"Resume – round {round_now}" in drawn_texts(app, monkeypatch)
    click_widget(app, tile(app, "oz"))
    assert isinstance(app.top, ResumeDialog)
    key(app, pygame.K_ESCAPE)  # neither
    assert app.top is menu
    click_widget(app, tile(app, "oz"))
    key(app, pygame.K_RETURN)  # the focused first choice resumes
    assert type(app.top) is scene_class("oz") and app.top.session.actions == oz.actions
    app.stack[:] = [menu]
    menu.on_enter()
    click_widget(app, tile(app, "oz"))
    click_widget(app, app.top.buttons[1])  # new game: the choice is made, Start does not ask again
    assert isinstance(app.top, SetupScene)
    before = saves.autosave_path("oz").read_bytes()
    click_widget(app, app.top.start_button)
    assert type(app.top) is scene_class("oz") and app.top.session.actions == []
    kept, = saves.kept_dir().iterdir()
    started = app.top.session
    assert kept.read_bytes() == before != saves.autosave_path("oz").read_bytes()  # the new game, saved as dealt
    app.stack[:] = [menu]  # left before its first move
    menu.on_enter()
    assert tile(app, "oz").unfinished.turn == started.state.turn_number()
    assert tile(app, "voyage").unfinished is not None
    click_widget(app, tile(app, "oz"))
    key(app, pygame.K_RETURN)  # resume: the same deal comes back
    assert app.top.session.seed == started.seed and app.top.session.actions == []


def test_a_setup_not_chosen_as_new_game_asks_before_abandoning(app):
    from wonderland_games.core import saves

    played("oz", moves=3)
    before = saves.autosave_path("oz").read_bytes()
    app.push(SetupScene(app, registry.get("oz")))
    setup = app.top
    for no in (lambda: key(app, pygame.K_ESCAPE), lambda: key(app, pygame.K_RETURN),
               lambda: click_widget(app, app.top.buttons[1])):
        click_widget(app, setup.start_button)
        assert isinstance(app.top, ConfirmDialog) and "第 1 回合" in app.top.message
        no()
        assert app.top is setup and saves.autosave_path("oz").read_bytes() == before
    click_widget(app, setup.start_button)
    click_widget(app, app.top.buttons[0])  # abandon it
    assert type(app.top) is scene_class("oz") and app.top.session.actions == []
    kept, = saves.kept_dir().iterdir()
    assert kept.read_bytes() == before


def test_newer_version_save_is_not_called_damaged(app, monkeypatch):
    from wonderland_games.core import saves
    from wonderland_games.scenes.load import LoadScene

    data = played("oz").to_save()
    data["version"] = saves.VERSION + 1
    saves.autosave_path("oz").write_text(json.dumps(data), encoding="utf-8")
    app.top.on_enter()
    assert not app.top.continue_button.enabled and tile(app, "oz").unfinished is None
    app.push(LoadScene(app))
    for lang, newer, damaged in (("zh", "更新版本", "损坏"), ("en", "newer version", "Damaged")):
        app.i18n.set_language(lang)
        texts = " | ".join(drawn_texts(app, monkeypatch))
        assert newer in texts and damaged not in texts, texts
    assert not app.top.load_button.enabled


def test_count_arrow_stays_put_so_the_same_click_counts_twice(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    right = (setup.count.rect.right - 6, setup.count.rect.centery)
    left = (setup.count.rect.left + 6, setup.count.rect.centery)
    click(app, right)
    click(app, right)
    assert setup.count.value == 5
    click(app, left)
    click(app, left)
    click(app, left)
    assert setup.count.value == 2


def test_a_name_too_long_says_why(app, monkeypatch):
    from wonderland_games.scenes.setup import NAME_LEN

    click_widget(app, tile(app, "parade"))
    name = app.top.rows[1].name
    click_widget(app, name)
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "柴" * (NAME_LEN + 3))
    assert name.text == "柴" * NAME_LEN and name.error
    assert f"名字最多 {NAME_LEN} 个字。" in drawn_texts(app, monkeypatch)
    key(app, pygame.K_BACKSPACE)
    assert not any("最多" in t for t in drawn_texts(app, monkeypatch))


def test_last_setup_is_remembered_across_runs(app):
    from wonderland_games.scenes.launch import back_to_menu

    click_widget(app, tile(app, "oz"))
    setup = app.top
    setup.count.step(1)  # 4 seats
    setup.rows[3].kind.step(-1)  # bot-normal -> bot-easy
    click_widget(app, setup.rows[0].name)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "桃乐丝")
    click_widget(app, setup.rows[2].pick)
    picks = [r.pick.value for r in setup.rows]
    click_widget(app, setup.start_button)
    back_to_menu(app)
    fresh = make_app()  # a new run of the app
    fresh.push(MenuScene(fresh))
    step(fresh)
    click_widget(fresh, next(t for t in fresh.top.tiles if t.info.id == "oz"))
    click_widget(fresh, fresh.top.buttons[1])  # the game started is saved as dealt: not it, a new one
    again = fresh.top
    assert again.count.value == 4 and again.rows[0].name.text == "玩家 桃乐丝"
    assert [r.kind.value for r in again.rows] == ["human", "bot-normal", "bot-normal", "bot-easy"]
    assert [r.pick.value for r in again.rows] == picks
    fresh.stack.clear()


def test_a_remembered_name_drops_what_the_bundled_font_cannot_draw(app):
    """A name saved as "Mo🌙x" before text fields refused emoji came back with a box in it."""
    from wonderland_games.core.setup_memory import setup_path

    seats = [{"kind": "human", "name": "Mo\U0001f319x"}, {"kind": "human", "name": "\U0001f319"}] + \
        [{"kind": "bot-easy", "name": "Queen"}] * 2
    setup_path().write_text(json.dumps({"dream": seats}), encoding="utf-8")
    open_setup(app, "dream")
    assert [r.name.text for r in app.top.rows[:2]] == ["Mox", app.top.rows[1].auto_name]


@pytest.mark.parametrize("text", ["{", "[]", '{"oz": 7}', '{"oz": [{"kind": 1}]}', '{"oz": [{"kind": "human", "name": "A"}]}',
                                  '{"oz": [{"kind": "alien", "name": "' + "x" * 40 + '", "pick": "toto"}, '
                                  '{"kind": "human", "name": "B", "pick": [1]}]}', "\x00\xff"])
def test_a_broken_setup_memory_is_ignored(app, text):
    from wonderland_games.core.setup_memory import setup_path
    from wonderland_games.scenes.setup import NAME_LEN

    setup_path().write_text(text, encoding="utf-8")
    click_widget(app, tile(app, "oz"))
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.count.value in (2, 3)
    assert all(len(r.name.text) <= NAME_LEN and r.kind.value in ("human", "bot-normal") for r in setup.rows)
    assert len({r.pick.value for r in setup.rows}) == 4
    click_widget(app, setup.start_button)  # two people: the table may show a curtain first
    assert any(type(sc) is scene_class("oz") for sc in app.stack)


def test_setup_rejects_bad_seed_and_names(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    click_widget(app, setup.seed)
    type_text(app, "12ab")
    assert setup.seed.text == "12" and setup.seed_error
    first = setup.rows[0].name
    click_widget(app, first)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    click_widget(app, setup.start_button)
    assert isinstance(app.top, MessageDialog) and "1" in app.top.message
    key(app, pygame.K_RETURN)
    assert app.top is setup
    click_widget(app, first)
    type_text(app, "爱丽丝")
    click_widget(app, setup.start_button)
    assert app.top.session.seed == 12 and app.top.session.seats[0].name == "爱丽丝"


def test_setup_seat_count_and_bot_names(app):
    click_widget(app, tile(app, "parade"))
    setup = app.top
    setup.count.step(1)  # 4 seats
    step(app)
    row = setup.rows[3]
    assert row.kind.visible and row.name.text == "帽匠"
    click_widget(app, row.kind)  # right part: next kind (bot-hard)
    click_widget(app, row.kind)  # a person on a phone: a person's name
    assert row.kind.value == "phone" and row.name.text == "玩家 4"
    click_widget(app, row.kind)  # human
    assert row.kind.value == "human" and row.name.text == "玩家 4"
    click_widget(app, setup.start_button)  # two people now: the table may show a curtain first
    table = next(sc for sc in app.stack if type(sc) is scene_class("parade"))
    seats = table.session.seats
    assert len(seats) == 4 and seats[3] == Seat("玩家 4") and seats[1].level == "normal"


def test_oz_seats_pick_distinct_characters_that_reach_the_game(app):
    click_widget(app, tile(app, "oz"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.count.step(1)  # 4 seats
    step(app)
    picks = [row.pick for row in setup.rows]
    assert [p.value for p in picks] == ["lion", "scarecrow", "tinman", "dorothy"]
    assert all(p.visible and p in setup.ring.widgets for p in picks)
    first = picks[0]
    click(app, (first.rect.left + 4, first.rect.centery))  # left part: back one, to Dorothy
    assert first.value == "dorothy" and picks[3].value == "lion", "the seat that had Dorothy takes the Lion"
    click_widget(app, picks[1])  # right part: Scarecrow -> Tin Man, who leaves seat 3 for the Scarecrow
    assert [p.value for p in picks] == ["dorothy", "tinman", "scarecrow", "lion"]
    click_widget(app, setup.start_button)
    table = next(sc for sc in app.stack if type(sc) is scene_class("oz"))
    assert table.session.state.characters == ("dorothy", "tinman", "scarecrow", "lion")
    app.stack[:] = app.stack[:1]
    click_widget(app, tile(app, "oz"))  # the picks are remembered for the next game
    assert [row.pick.value for row in app.top.rows] == ["dorothy", "tinman", "scarecrow", "lion"]


def test_parade_setup_has_no_per_seat_pick(app):
    click_widget(app, tile(app, "parade"))
    assert all(row.pick is None for row in app.top.rows)
    assert len(app.top.ring.widgets) == 1 + 2 * 3 + 3  # count, 3 x (kind, name), seed, back, start


def test_replay_of_a_broken_record_shows_a_message(user_dirs, monkeypatch):
    bad = user_dirs / "bad.json"
    bad.write_text(json.dumps({"format": "nope"}), encoding="utf-8")
    from wonderland_games.ui import main as ui_main

    a = make_app()
    a.push(MenuScene(a))
    ui_main._start_replay(a, str(bad))
    assert isinstance(a.top, MessageDialog) and a.top.error
    a.stack.clear()


def test_replay_of_a_good_record_opens_the_table_without_autosave(user_dirs):
    import random

    from wonderland_games.core import records
    from wonderland_games.core.saves import autosave_path
    from wonderland_games.ui import main as ui_main

    session = Session.new("parade", [Seat("甲", "bot", "easy"), Seat("乙", "bot", "easy")], seed=11, autosave=False)
    rng = random.Random(0)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    path = user_dirs / "game.json"
    records.write_record(path, records.make_record("parade", 11, session.seats, None, session.actions))
    a = make_app()
    a.push(MenuScene(a))
    ui_main._start_replay(a, str(path))
    assert type(a.top) is scene_class("parade") and a.top.record is not None
    assert a.top.session.autosave is False and not autosave_path("parade").exists()
    a.stack.clear()


def test_broken_data_at_start_is_a_message_not_a_traceback(user_dirs, monkeypatch):
    from wonderland_games.core.data import DataError
    from wonderland_games.scenes import menu

    def broken(self, app):
        raise DataError("parade/deck.yaml", "card 7", "value", "expected int, got 'x'")

    monkeypatch.setattr(menu.MenuScene, "__init__", broken)
    seen = []
    monkeypatch.setattr("wonderland_games.ui.app.App.step", lambda self, dt: seen.append(self.top))
    assert run(smoke=True) == 1
    assert isinstance(seen[-1], MessageDialog) and "deck.yaml" in seen[-1].message


def test_abandoning_that_cannot_set_the_game_aside_starts_nothing(app, monkeypatch):
    from wonderland_games.core import savefile, saves

    played("parade")
    before = saves.autosave_path("parade").read_bytes()
    app.top.on_enter()
    click_widget(app, tile(app, "parade"))
    click_widget(app, app.top.buttons[1])  # new game
    setup = app.top

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patched:
        patched.setattr(savefile.os, "replace", refuse)
        click_widget(app, setup.start_button)  # new game was chosen: it sets the old one aside at once
    assert isinstance(app.top, MessageDialog) and "Permission denied" in app.top.message
    key(app, pygame.K_RETURN)
    assert app.top is setup and saves.autosave_path("parade").read_bytes() == before
    saves.autosave_path("parade").unlink()  # gone meanwhile: nothing to keep, the game starts
    click_widget(app, setup.start_button)
    assert type(app.top) is scene_class("parade")


def test_valley_setup_offers_the_starting_hand_variant_and_solo_the_opponent(app):
    click_widget(app, tile(app, "valley"))
    setup = app.top
    labels = lambda: [o.option for o, _ in setup._shown_options()]  # noqa: E731
    while setup.count.value != 2:
        click(app, (setup.count.rect.right - 4, setup.count.rect.centery))
        step(app)
    assert labels() == ["starting_hand"]
    hand = next(c for o, c in setup._shown_options() if o.option == "starting_hand")
    assert hand.value == 5
    click(app, (hand.rect.right - 4, hand.rect.centery))  # the right third steps forward
    step(app)
    assert hand.value == 6
    while setup.count.value != 1:
        click(app, (setup.count.rect.left + 4, setup.count.rect.centery))
        step(app)
    assert labels() == ["opponent", "starting_hand"]
    click_widget(app, setup.start_button)
    state = app.top.session.state
    assert state.starting_hand == 6 and state.opponent is not None


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_whole_game_picks_have_rows_of_their_own_with_whole_labels(app, size):
    """A screenshot lesson: the picks once shared the seat count's row, "Starti…" / "5 cards…"."""
    from wonderland_games.ui import text as tx, theme

    click_widget(app, tile(app, "valley"))
    setup = app.top
    while setup.count.value != 1:
        click(app, (setup.count.rect.left + 4, setup.count.rect.centery))
        step(app)
    for language in ("zh", "en"):
        app.i18n.set_language(language)
        setup.on_resize(size)
        others = [setup.count.rect, setup.seed.rect] + [w.rect for w in setup.rows[0].widgets()]
        for rect, label, picked in setup.option_labels:
            text = label()
            font, shown = tx.fit_line(app.fonts, text, rect.width, rect.height, theme.px(theme.TEXT, setup.s), True)
            assert shown == text and font.size(text)[0] <= rect.width
            assert picked.visible and not any(picked.rect.colliderect(r) for r in others)


@pytest.mark.parametrize("text_scale", TEXT_SCALES)
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_tile_title_has_the_same_size_and_fits(app, monkeypatch, size, lang, text_scale):
    """Parade's long English name once shrank alone: one size for every tile, each name whole, at
    every text size (at 150% the long names were drawn smaller than the short ones)."""
    from wonderland_games.ui import text as tx

    app.i18n.set_language(lang)
    app.set_text_scale(text_scale)
    app.screen = pygame.display.set_mode(size)
    app.top.on_resize(size)
    drawn, real = {}, tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a: drawn.setdefault(text, font) and real(font, text, *a))
    step(app)
    tiles = app.top.tiles
    assert len({drawn[t.name()].point_size for t in tiles}) == 1
    for t in tiles:
        assert drawn[t.name()].size(t.name())[0] <= t.name_box().width, t.info.id


def test_default_names_remembered_in_one_language_follow_a_change_of_language(app):
    """A game set up in Chinese with the names left as they came ("玩家1", "柴郡猫") offers
    "Player 1", "Cheshire" once the app speaks English; a typed name and a default kept on a seat
    of the other kind stay as they were (QA: the English setup said "玩家1" after a Chinese game)."""
    from wonderland_games.core import setup_memory

    setup_memory.remember("oz", [{"kind": "human", "name": "玩家1"}, {"kind": "bot-normal", "name": "柴郡猫"},
                                 {"kind": "human", "name": "红桃皇后"}, {"kind": "bot-easy", "name": "Ann"}])
    app.i18n.set_language("en")
    setup = SetupScene(app, registry.get("oz"))
    assert [r.name.text for r in setup.rows] == ["Player 1", "Cheshire", "红桃皇后", "Ann"]
    while setup.rows[1].kind.value != "human":  # a default name still changes with the kind
        setup.rows[1].kind.step(1)
    assert setup.rows[1].name.text == "Player 2"
    app.i18n.set_language("zh")
    assert SetupScene(app, registry.get("oz")).rows[0].name.text == "玩家 1"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_tile_says_what_its_game_is_and_how_long_it_takes_whole(app, size, lang, monkeypatch):
    """One line, "Build a city over 4 seasons – 40–60 min", wrapped before the minutes when the
    tile is narrow; every word drawn, inside the tile, at one readable size for all five."""
    from wonderland_games.scenes.menu import ABOUT_SMALLEST
    from wonderland_games.ui import text as tx, theme

    app.i18n.set_language(lang)
    app.screen = pygame.display.set_mode(size)
    app.top.on_resize(size)
    rendered, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: rendered.append(text) or real(font, text, *a, **k))
    step(app)
    tiles = app.top.tiles
    sizes = {t.about_size for t in tiles}
    assert len(sizes) == 1 and sizes.pop() >= int(theme.px(theme.TEXT_SMALL, app.top.s) * ABOUT_SMALLEST)
    for t in tiles:
        what, time = t.about_parts()
        assert what and ("min" if lang == "en" else "分钟") in time
        font = app.fonts.get(t.about_size)
        lines = t.about_lines(font)
        assert lines in ([f"{what}{app.t('sep')}{time}"], [what, time])
        box = t.about_box()
        assert t.rect.contains(box) and not box.colliderect(t.name_box())
        assert all(font.size(line)[0] <= box.width for line in lines), (t.info.id, lines)
        assert len(lines) * font.get_height() <= box.height
        assert all(line in rendered for line in lines)


def test_the_durations_are_the_games_lengths():
    assert [registry.minutes(g) for g in registry.GAME_ORDER] == [(20, 30), (30, 45), (45, 60), (40, 60), (15, 40)]
