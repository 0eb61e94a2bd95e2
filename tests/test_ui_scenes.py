"""General screens: settings, load, stats, rules, curtain, results — events, errors, layout."""

import dataclasses
import json
import random
import re
from pathlib import Path

import pygame
import pytest
import yaml

from wonderland_games.core import registry
from wonderland_games.core.game import BOT_LEVELS, Seat
from wonderland_games.core.saves import slots_dir
from wonderland_games.core.savefile import KINDS
from wonderland_games.core.session import Session
from wonderland_games.core.settings import load_settings
from wonderland_games.core.stats import SEAT_KINDS, load_stats
from wonderland_games.scenes.curtain import CurtainScene
from wonderland_games.scenes.game_log import GameLogScene
from wonderland_games.scenes.launch import scene_class
from wonderland_games.scenes.load import LoadScene
from wonderland_games.scenes.menu import MenuScene
from wonderland_games.scenes.results import ResultsScene, ranks
from wonderland_games.scenes.rules import RulesScene
from wonderland_games.scenes.settings import SettingsScene
from wonderland_games.scenes.setup import SetupScene
from wonderland_games.scenes.stats import StatsScene
from wonderland_games.ui import text as tx
from wonderland_games.ui.seat_words import kind_label, seat_label
from wonderland_games.ui.dialogs import ConfirmDialog, MessageDialog
from wonderland_games.ui.testing import click_widget, key, monkey, step

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(menu_app):
    return menu_app


def finished_session(seed=3, autosave=False):
    session = Session.new("parade", [Seat("小明"), Seat("柴郡猫", "bot", "hard"), Seat("Alice")], seed=seed,
                          autosave=autosave)
    rng = random.Random(seed)
    while not session.state.is_over():
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def oz_setup_for_four(app):
    """The Oz new-game screen with every seat shown: four character picks to fit."""
    scene = SetupScene(app, registry.get("oz"))
    while scene.count.value != 4:  # 3 seats at first, or what the last game (the monkey's) remembered
        scene.count.step(1)
    assert all(row.pick is not None and row.pick.visible for row in scene.rows)
    return scene


def resume_dialog(app):
    from datetime import datetime

    from wonderland_games.core.saves import SaveInfo
    from wonderland_games.scenes.menu import ResumeDialog

    info = SaveInfo(Path("autosave-voyage.json"), None, "voyage", datetime.now().astimezone(),
                    ["桃乐丝", "稻草人", "铁皮人", "狮子", "Alexandra"], 12, False, where="autosave")
    return ResumeDialog(app, info, lambda: None, lambda: None)


SCENES = {
    "setup": lambda app: SetupScene(app, registry.get("parade")),
    "setup_oz": oz_setup_for_four,
    "load": LoadScene,
    "stats": StatsScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "curtain": lambda app: CurtainScene(app, "柴郡猫"),
    "results": lambda app: ResultsScene(app, finished_session(), record_stats=False, log=[("小明 played.", "play")]),
    "game_log": lambda app: GameLogScene(app, [("小明 played a long move " * 6, "play"), ("Game over.", "event")] * 30),
    "message": lambda app: MessageDialog(app, "出错了：存档已损坏。" * 5, error=True),
    "confirm": lambda app: ConfirmDialog(app, "要删除吗？", lambda: None),
    "resume": resume_dialog,
}


# -- settings --------------------------------------------------------------------------
def test_language_change_applies_at_once_and_is_saved(app):
    app.push(SettingsScene(app))
    step(app)
    scene = app.top
    language = scene.rows[0][1]
    assert app.t("settings.title") == "设置"
    click_widget(app, language)  # 中文 -> English
    assert app.lang == "en" and app.t("settings.title") == "Settings"
    assert scene.title() == "Settings" and load_settings().language == "en"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and app.top.continue_button.text() == "Continue"


def test_settings_sliders_and_toggles_are_saved(app):
    app.push(SettingsScene(app))
    step(app)
    rows = dict(app.top.rows)
    key(app, pygame.K_TAB)
    for _ in range(4):  # language, display, window size, text size
        key(app, pygame.K_DOWN)
    assert app.top.ring.current is rows["settings.animation_speed"]
    key(app, pygame.K_RIGHT)
    before = app.settings.sound
    click_widget(app, rows["settings.sound"])
    saved = load_settings()
    assert saved.animation_speed == 1.25 and saved.sound is (not before) and app.sound.enabled is saved.sound


def test_window_size_preset_resizes_the_window(app):
    app.push(SettingsScene(app))
    step(app)
    size_choice = dict(app.top.rows)["settings.window_size"]
    size_choice.step(-1)  # 1280x800 -> 1024x640
    step(app)
    assert app.screen.get_size() == (1024, 640) and load_settings().window_size == (1024, 640)


# -- load ------------------------------------------------------------------------------
def test_load_lists_broken_saves_in_red_and_loads_good_ones(app):
    good = Session.new("parade", [Seat("甲"), Seat("乙", "bot")], seed=9)
    good.apply(good.state.legal_actions()[0])
    slots = slots_dir()
    (slots / "坏的.json").write_text("{ not json", encoding="utf-8")
    (slots / "newer.json").write_text(json.dumps({"format": "wonderland-save", "version": 99}), encoding="utf-8")
    app.push(LoadScene(app))
    step(app)
    scene = app.top
    infos = scene.list.items
    assert len(infos) == 3 and sum(bool(i.error) for i in infos) == 2
    broken = next(i for i, info in enumerate(infos) if info.error)
    scene.list.select(broken)
    step(app)
    assert not scene.load_button.enabled
    click_widget(app, scene.load_button)
    key(app, pygame.K_RETURN)
    assert app.top is scene
    ok = next(i for i, info in enumerate(infos) if not info.error)
    scene.list.select(ok)
    click_widget(app, scene.load_button)
    assert type(app.top) is scene_class("parade") and app.top.session.actions == good.actions


def test_the_load_list_writes_a_games_progress_as_its_finished_games_are_written(app, monkeypatch):
    """"Round 2" beside "Finished", not "round 2" (the lower case form is for sentences)."""
    app.i18n.set_language("en")
    game = Session.new("voyage", [Seat("Ann"), Seat("Bo", "bot")], seed=3)
    game.apply(game.state.legal_actions()[0])
    drawn, real = [], tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    app.push(LoadScene(app))
    step(app)
    assert "Round 1" in drawn and "round 1" not in drawn


def test_the_menus_rules_open_on_the_game_last_played(app):
    """Not on Parade after a game of Oz (QA); with no table opened in this run, on the game of
    the latest unfinished save."""
    from wonderland_games.scenes.launch import back_to_menu, open_game

    menu = app.top
    menu.open_rules()
    assert app.top.game_id == registry.games()[0].id  # nothing played, nothing saved: the first tab
    key(app, pygame.K_ESCAPE)
    saved = Session.new("voyage", [Seat("Ann"), Seat("Bo", "bot")], seed=3)
    saved.apply(saved.state.legal_actions()[0])
    menu.refresh_continue()
    menu.open_rules()
    assert app.top.game_id == "voyage"
    key(app, pygame.K_ESCAPE)
    assert open_game(app, Session.new("oz", [Seat("Ann"), Seat("Bo", "bot")], seed=3, autosave=False))
    step(app)
    back_to_menu(app)
    menu.open_rules()
    assert app.top.game_id == "oz"


def test_delete_asks_first(app):
    (slots_dir() / "broken.json").write_text("[]", encoding="utf-8")
    app.push(LoadScene(app))
    step(app)
    scene = app.top
    click_widget(app, scene.delete_button)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    assert (slots_dir() / "broken.json").exists()
    click_widget(app, scene.delete_button)
    click_widget(app, app.top.buttons[0])
    assert not (slots_dir() / "broken.json").exists() and scene.list.items == []


def test_loading_a_save_that_broke_after_listing_shows_an_error(app):
    good = Session.new("parade", [Seat("甲"), Seat("乙", "bot")], seed=9)
    good.apply(good.state.legal_actions()[0])
    app.push(LoadScene(app))
    step(app)
    scene = app.top
    scene.list.item.path.write_text("garbage", encoding="utf-8")
    click_widget(app, scene.load_button)
    assert isinstance(app.top, MessageDialog) and app.top.error


# -- results, stats ------------------------------------------------------------------------
def test_results_record_stats_once_and_rank_shared_wins(app):
    session = finished_session()
    app.push(ResultsScene(app, session))
    step(app)
    app.push(MessageDialog(app, "x"))
    key(app, pygame.K_RETURN)  # back on the results: on_enter again
    assert load_stats()["games"]["parade"]["played"] == 1
    res = session.state.result()
    assert ranks(res)[0][0] in res.winners and ranks(res)[0][1] == 1
    app.push(StatsScene(app))
    step(app)
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.top.rematch_button)
    table = app.top if not isinstance(app.top, CurtainScene) else app.stack[-2]
    assert type(table) is scene_class("parade") and table.session.seed != session.seed
    assert [type(sc) for sc in app.stack[:1]] == [MenuScene]


def test_stats_list_the_random_level_only_once_it_has_played(app, monkeypatch):
    from wonderland_games.core.stats import record_game
    from wonderland_games.ui import text

    drawn = []
    draw_line = text.draw_line
    monkeypatch.setattr(text, "draw_line", lambda surface, fonts, line, *a, **k: (
        drawn.append(line), draw_line(surface, fonts, line, *a, **k))[1])
    session = finished_session()
    record_game("parade", session.seats, session.state.result())
    app.push(StatsScene(app))
    step(app)
    assert "电脑 · 简单" in drawn and "电脑 · 随机" not in drawn
    record_game("parade", [Seat("R", "bot", "random")] + session.seats[1:], session.state.result())
    drawn.clear()
    app.stack[-1] = StatsScene(app)
    step(app)
    assert "电脑 · 简单" in drawn and "电脑 · 随机" in drawn


def test_results_menu_button_returns_to_the_menu(app):
    app.push(ResultsScene(app, finished_session(), record_stats=False))
    step(app)
    click_widget(app, app.top.menu_button)
    assert len(app.stack) == 1 and isinstance(app.top, MenuScene)


@pytest.mark.parametrize("game", ["parade", "oz", "voyage"])
def test_setup_labels_keep_the_full_text_size(app, game):
    """Every label on the new-game panel fits at the text size, so none reads smaller than
    its neighbours (a long "Seed (optional)" used to shrink to fit its column)."""
    from wonderland_games.ui import theme

    for lang in ("zh", "en"):
        app.i18n.set_language(lang)
        scene = SetupScene(app, registry.get(game))
        app.push(scene)
        for size in ((1024, 640), (1280, 800), (1920, 1080)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            step(app)
            for rect, label, style, _ in scene.labels:
                font = app.fonts.get(theme.px(theme.TEXT, scene.s), style != "plain")
                assert font.size(label())[0] <= rect.width, (game, lang, size, label())
        app.pop()


def test_a_ten_seat_setup_sets_its_seats_side_by_side_in_rows_tall_enough_to_read(app):
    """Dream Teller's 10 seats in one column left rows 22 px tall at 1024x640: two columns of five,
    each kind readable at full size ("Bot – Normal"), nothing overlapping or off the panel, and
    the second column's headings hidden while it holds no seat."""
    from wonderland_games.ui import theme

    for lang in ("zh", "en"):
        app.i18n.set_language(lang)
        scene = SetupScene(app, registry.get("dream"))
        app.push(scene)
        for size in ((1024, 640), (1280, 800), (1920, 1080)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            step(app)
            rects = [w.rect for row in scene.rows for w in row.widgets()]
            assert min(r.height for r in rects) >= theme.px(34, scene.s), (lang, size)
            assert all(scene.panel.contains(r) for r in rects)
            assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
            assert len({r.left for r in rects}) == 4  # kind and name, twice
            font = app.fonts.get(theme.px(theme.TEXT, scene.s), False)
            kind = scene.rows[0].kind.rect
            room = kind.width - 2 * min(theme.px(30, scene.s), kind.width // 5)
            assert max(font.size(label())[0] for _, label in scene.rows[0].kind.options) <= room, (lang, size)
        scene.count.set_options(scene.count.options, 4)
        scene._count_changed()
        step(app)
        heads = [seat for _, _, style, seat in scene.labels if style == "head"]
        assert sorted(heads) == [0, 5] and 5 >= scene._seat_count()  # the right heading hides with seat 6
        app.pop()


# -- curtain -------------------------------------------------------------------------------
def test_curtain_hides_the_table_until_confirmed(app):
    drawn = []

    class Table(MenuScene):
        def draw(self, surface):
            drawn.append(1)

    confirmed = []
    app.push(Table(app))
    app.push(CurtainScene(app, "小明", lambda: confirmed.append(1)))
    step(app)
    key(app, pygame.K_RETURN)
    assert confirmed == [1] and isinstance(app.top, Table) and drawn
    drawn.clear()
    app.push(CurtainScene(app, "小明", lambda: confirmed.append(2)))
    key(app, pygame.K_ESCAPE)  # Esc leaves for the menu, uncovering nothing
    assert drawn == [] and confirmed == [1] and type(app.top) is MenuScene


# -- robustness ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SCENES))
def test_monkey(app, name):
    """Thousands of random events; the scene (or what it opens) never raises."""
    (slots_dir() / "broken.json").write_text("{", encoding="utf-8")
    rng = random.Random(name)
    current = {"scene": SCENES[name](app)}
    app.push(current["scene"])
    tolerated = (MessageDialog, CurtainScene, type(current["scene"]))

    def keep():
        app.running = True
        while len(app.stack) > 1 and not isinstance(app.top, tolerated):
            app.pop()  # the monkey started a game or opened a menu screen: go back
        if current["scene"] not in app.stack:
            current["scene"] = SCENES[name](app)
            app.push(current["scene"])

    monkey(app, 2000, rng, keep=keep, events_per_frame=8)


SIZES = [(1024, 640), (1280, 800), (1600, 1000), (2560, 1440)]


@pytest.mark.parametrize("name", sorted(["menu"] + list(SCENES)))
def test_layout_reflows_and_text_fits(app, monkeypatch, name):
    overflow = []
    real_line, real_block = tx.draw_line, tx.draw_block

    def line(surface, fonts, text, rect, *a, **k):
        used = real_line(surface, fonts, text, rect, *a, **k)
        if used.width > pygame.Rect(rect).width + 1:
            overflow.append((text, used, rect))
        return used

    def block(surface, fonts, text, rect, *a, **k):
        used = real_block(surface, fonts, text, rect, *a, **k)
        if not pygame.Rect(rect).inflate(2, 2).contains(used):
            overflow.append((text, used, rect))
        return used

    monkeypatch.setattr(tx, "draw_line", line)
    monkeypatch.setattr(tx, "draw_block", block)
    for lang in ("zh", "en"):
        app.i18n.set_language(lang)
        scene = app.top if name == "menu" else SCENES[name](app)
        if name != "menu":
            app.push(scene)
        for size in SIZES:
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            step(app)
            assert app.screen.get_size() == size
            widgets = [w for w in scene.ring.widgets if w.visible]
            screen = app.screen.get_rect()
            for w in widgets:
                assert screen.contains(w.rect), (name, size, w, w.rect)
            for i, a in enumerate(widgets):
                for b in widgets[i + 1:]:
                    assert not a.rect.colliderect(b.rect), (name, size, a, b)
        if name != "menu":
            app.pop()
    assert not overflow, overflow[:3]


# -- strings -------------------------------------------------------------------------------
def _flat(tree, prefix=""):
    out = {}
    for k, v in tree.items():
        assert isinstance(k, str), f"YAML turned key {k!r} into a non-string (quote it)"
        out.update(_flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}": v})
    return out


def _strings(lang):
    return _flat(yaml.safe_load((ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8")))


def test_every_string_exists_in_both_languages():
    zh, en = _strings("zh"), _strings("en")
    assert set(zh) == set(en)
    assert all(isinstance(v, str) and v.strip() for v in list(zh.values()) + list(en.values()))
    for k in zh:  # same placeholders on both sides
        assert set(re.findall(r"{(\w+)}", zh[k])) == set(re.findall(r"{(\w+)}", en[k])), k


def test_a_count_string_takes_the_singular_for_one(app):
    app.i18n.set_language("en")
    assert [app.t("parade.points", n=n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert app.t("voyage.buttons.visit_money", n=1) == "Visit: pay 1 coin"
    assert app.t("oz.results.rounds", n=1) == "1 round played"
    app.i18n.set_language("zh")
    assert app.t("parade.points", n=1) == "1 分"
    assert app.t("parade.points") == "parade.points"  # no count given: nothing to choose by


def test_every_key_used_in_code_exists():
    zh = _strings("zh")
    used = set()
    for folder in ("ui", "scenes"):
        for path in (ROOT / "wonderland_games" / folder).glob("*.py"):
            used |= set(re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']""", path.read_text(encoding="utf-8")))
    used |= {f"load.errors.{k}" for k in KINDS} | {f"stats.kinds.{k}" for k in SEAT_KINDS}
    used |= {f"setup.{level}" for level in BOT_LEVELS}
    assert len(used) > 60
    assert not sorted(used - set(zh))


def test_bundled_font_draws_every_chinese_string(app):
    font = app.font(20)
    missing_glyph = font.render("\U0001F600", True, (0, 0, 0))
    chars = {c for v in _strings("zh").values() for c in v if ord(c) > 0x2000}
    lacking = [c for c in chars if pygame.image.tobytes(font.render(c, True, (0, 0, 0)), "RGBA")
               == pygame.image.tobytes(missing_glyph, "RGBA")]
    assert not lacking


def test_english_text_uses_no_full_width_dot():
    """The bundled font draws "·" full width: English separators come from `sep` (a dash)."""
    texts = list(_strings("en").values())
    for path in sorted((ROOT / "data").glob("*/strings.yaml")):
        texts += _flat(yaml.safe_load(path.read_text(encoding="utf-8"))["en"]).values()
    assert len(texts) > 300
    assert not [text for text in texts if "·" in text]
    rule_pages = sorted((ROOT / "data").glob("*/rules.en.md"))
    assert len(rule_pages) >= 2
    assert not [page.parent.name for page in rule_pages if "·" in page.read_text(encoding="utf-8")]


def test_separator_and_name_lists_follow_the_language(app):
    t = app.t
    app.i18n.set_language("en")
    assert t("setup.title", game="Wonderland Parade") == "New game – Wonderland Parade"
    assert kind_label(app, "bot-normal") == "Bot – Normal"
    assert t("oz.status.replay", i=2, n=9) == "Replay – step 2/9"
    assert t("stats.kinds.bot-hard") == "Bot – Hard"
    assert t("results.winner") == "{name} wins!"  # a field nobody filled stays as written
    assert [app.i18n.join(n) for n in (["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cy"])] == \
        ["Ann", "Ann and Bob", "Ann, Bob and Cy"]
    app.i18n.set_language("zh")
    assert t("setup.title", game="仙境梦游") == "新游戏 · 仙境梦游"
    assert kind_label(app, "bot-easy") == "电脑 · 简单" and kind_label(app, "human") == "人类"
    assert app.i18n.join(["小兔", "柴郡猫", "帽匠"]) == "小兔、柴郡猫和帽匠"
    # a digit or Latin letter beside "和" keeps its space, as after "31" in the Dream totals
    assert app.i18n.join(["红桃皇后 31", "帽匠 56"]) == "红桃皇后 31 和帽匠 56"
    assert app.i18n.join(["1 个浆果", "2 块树脂"]) == "1 个浆果和 2 块树脂"
    assert app.i18n.join(["柴郡猫", "Ann"]) == "柴郡猫和 Ann"
    # a name meets Chinese text with a space only beside a digit or Latin letter, however the
    # string was written: "{name} 的回合" and "只有{name}可以看屏幕"
    assert [t("voyage.status.turn", name=name, n=2) for name in ("睡鼠", "Ann", "玩家9")] == \
        ["睡鼠的回合，还有 2", "Ann 的回合，还有 2", "玩家9 的回合，还有 2"]
    assert [t("dream.table.only_you", name=name).split("，")[0] for name in ("睡鼠", "Ann", "玩家9")] == \
        ["只有睡鼠可以看屏幕", "只有 Ann 可以看屏幕", "只有玩家9 可以看屏幕"]
    assert t("parade.status.replay", i=3, n=40) == "回放 · 第 3/40 步"  # beside punctuation: as written


@pytest.mark.parametrize("lang, human, bot", [("en", "Human", "Bot – Hard"), ("zh", "人类", "电脑 · 困难")])
def test_a_seat_kind_has_the_same_words_in_setup_and_every_table(app, monkeypatch, lang, human, bot):
    """Human / Bot (人类 / 电脑): setup's words are the tables' (each game once had its own)."""
    app.i18n.set_language(lang)
    assert seat_label(app, Seat("Ann")) == kind_label(app, "human") == human
    assert seat_label(app, Seat("Bo", "bot", "hard")) == kind_label(app, "bot-hard") == bot
    for game in ("parade", "oz", "voyage", "valley"):
        session = Session.new(game, [Seat("Ann"), Seat("Bo", "bot", "hard")], seed=2, autosave=False)
        app.push(scene_class(game)(app, session))
        seen, real = [], tx.render
        with monkeypatch.context() as patched:
            patched.setattr(tx, "render", lambda font, text, *a, **k: seen.append(text) or real(font, text, *a, **k))
            step(app)
        texts = " | ".join(seen)
        assert bot in texts or game == "valley", game  # Valley's players panel names no kinds
        assert not any(word in texts for word in ("Computer", "玩家 ·", "Player –")), game
        app.pop()


def test_results_show_the_match_tally_after_rematches(app, monkeypatch):
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    app.i18n.set_language("en")
    session = finished_session()
    step(app)
    app.push(ResultsScene(app, session, record_stats=False))
    step(app)
    assert not [text for text in drawn if "Match after" in text]  # a single game is no match
    session.match_wins, session.match_games = [1.0] + [0.0] * (len(session.seats) - 1), 1
    drawn.clear()
    app.pop()
    app.push(ResultsScene(app, session, record_stats=False))
    step(app)
    wins, _ = session.match_standing()
    line = next(text for text in drawn if "Match after 2 games" in text)
    assert all(f"{seat.name} {w:g}" in line for seat, w in zip(session.seats, wins))


def test_results_banner_reads_naturally(app, monkeypatch):
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, *a, **k: drawn.append(text) or
                        real(surface, fonts, text, *a, **k))
    app.i18n.set_language("en")
    scene = ResultsScene(app, finished_session(), record_stats=False)
    app.push(scene)
    scene.result = dataclasses.replace(scene.result, winners=[1])
    step(app)
    assert "柴郡猫 wins!" in drawn and "柴郡猫 (Bot – Hard)" in drawn
    scene.result = dataclasses.replace(scene.result, winners=[0, 2])
    drawn.clear()
    step(app)
    assert "小明 and Alice share the win!" in drawn
    app.i18n.set_language("zh")
    drawn.clear()
    step(app)
    assert "小明和 Alice 并列获胜！" in drawn and "柴郡猫（电脑 · 困难）" in drawn


# English count strings whose count is never 1 (so they need no singular form), and why
NEVER_ONE = {
    "setup.seat_count": "a solo seat count has its own string, setup.solo_count",
    "setup.name_empty": "the seat's number, not a count",
    "saves.name_too_long": "the name limit, a fixed number",
    "valley.results.tie_resources": "a tie on points is named by the points, never 1",
    "valley.results.tie_city": "as above",
    "valley.results.tie_shared": "as above",
    "valley.table.cities_title": "the city limit, 15",
    "valley.table.preview.ways": "only shown for two ways or more",
    "voyage.buttons.buy_money": "always 2 cards",
    "voyage.log.reward_card": "{cards} is already a counted phrase",
    "dream.log.setup": "4 to 10 players",
}


def test_every_english_count_has_a_singular_or_is_never_one():
    """"1 points" nowhere: a string that says "{n} <things>" is an {one, other} pair."""
    pattern = re.compile(r"\{(n|count|points|cards)\}\s+[A-Za-z]+s\b")
    flat = {}

    def walk(tree, prefix):
        for name, value in tree.items():
            if isinstance(value, dict) and set(value) != {"one", "other"}:
                walk(value, f"{prefix}{name}.")
            elif isinstance(value, str):
                flat[f"{prefix}{name}"] = value

    walk(yaml.safe_load((ROOT / "data" / "i18n" / "en.yaml").read_text(encoding="utf-8")), "")
    for path in sorted((ROOT / "data").glob("*/strings.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")).get("en") or {}, f"{path.parent.name}.")
    missing = sorted(key for key, text in flat.items() if pattern.search(text) and key not in NEVER_ONE)
    assert not missing, missing
    assert not [key for key in NEVER_ONE if key not in flat], "NEVER_ONE names a string that is gone"


@pytest.mark.parametrize("slip", ["empty", "same", "seed"])
def test_a_setup_slip_is_asked_to_be_checked_not_called_a_failure(app, slip):
    """An empty name was headed "Something went wrong", as if the app had failed."""
    from wonderland_games.ui.dialogs import MessageDialog

    scene = SetupScene(app, registry.get("parade"))
    app.push(scene)
    first, second = scene.rows[0].name, scene.rows[1].name
    if slip == "empty":
        first.set_text("  ")
    elif slip == "same":
        second.set_text(first.text)
    else:
        scene.seed.set_text("12ab")  # set directly: typing drops the letters
    scene.start()
    assert isinstance(app.top, MessageDialog) and app.top.heading == app.t("setup.check")
    assert app.top.heading != app.t("dialog.error")
