"""The Lost in Oz table at the sizes people play at: the log reads the last turn, nothing overlaps.

Issue 11: the log shows whole entries only and is tall enough to read a turn
(at least five entries at 1024x640, more when larger), in both languages.
"""

import random

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.core.settings import TEXT_SCALES
from wonderland_games.games.oz import rules
from wonderland_games.games.oz.layout import compute
from wonderland_games.games.oz.scene import OzScene

# the fewest whole entries the log shows at any moment of rounds 2 to 4 (a turn is four or more)
LEAST = {(1024, 640): 5, (1280, 800): 5, (1920, 1080): 6}


@pytest.fixture(params=TEXT_SCALES, ids=lambda scale: f"text{round(scale * 100)}")
def app(table_app, request):
    """A table window at each text size the settings offer: every check holds at each."""
    table_app.set_text_scale(request.param)
    return table_app


def _table(app, size, lang, seed):
    app.i18n.set_language(lang)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    session = Session.new("oz", [Seat(n) for n in ("Ann", "Bob", "Carol", "Dave")], seed=seed, autosave=False)
    scene = OzScene(app, session)
    app.push(scene)
    scene._ensure_layout(size)
    return session, scene


def whole_entries(scene) -> list:
    """The entries the log shows, each checked to show every line it has."""
    lay, log = scene.layout, scene.log
    placed = log.placed(log.body(lay.log, lay.s), lay.s)
    shown = {}
    for *_, (entry, line) in placed:
        shown.setdefault(entry, set()).add(line)
    for entry, lines in shown.items():
        assert lines == {i for _, img, (e, i) in log._lines if e == entry and img is not None}, entry
    return sorted(shown)


@pytest.mark.parametrize("size", list(LEAST))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_shows_the_last_turn_in_whole_entries(app, size, lang):
    least = []
    for seed in (1, 4):
        session, scene = _table(app, size, lang, seed)
        rng = random.Random(seed)
        while session.state.round <= 4 and not session.state.is_over():
            scene.apply(rng.choice(session.state.legal_actions()))
            if session.state.round >= 2:
                shown = whole_entries(scene)
                assert shown[-1] == len(scene.log.entries) - 1, "the newest entry is in sight"
                least.append(len(shown))
        app.pop()
    assert min(least) >= LEAST[size], (size, lang, min(least))


@pytest.mark.parametrize("size", list(LEAST))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_board_hand_log_and_buttons_never_overlap_in_play(app, size, lang):
    """On the acting player's turn and in the draft: every panel and visible button apart."""
    session, scene = _table(app, size, lang, 2)
    rng = random.Random(2)
    seen = set()
    while len(seen) < 2 and not session.state.is_over():
        phase = session.state.phase
        if session.state.round >= 2 and phase in (rules.ACTION, rules.DRAFT_DIR) and phase not in seen:
            seen.add(phase)
            scene.viewer = session.state.current_player()
            app.step(1 / 60)
            lay = scene.layout
            panels = [lay.board_box, lay.road, lay.players, lay.controls, lay.hand, lay.log]
            buttons = [b.rect for b in scene._widgets() if b.visible]
            assert scene.die_rects() if phase == rules.DRAFT_DIR else scene.buttons["go"].visible
            for i, a in enumerate(panels):
                assert not any(a.colliderect(b) for b in panels[i + 1:]), a
            for i, a in enumerate(buttons):
                assert not any(a.colliderect(b) for b in buttons[i + 1:]), a
                assert not any(a.colliderect(p) for p in (lay.board_box, lay.road, lay.players, lay.hand, lay.log)), a
            dice = [r for _, r in scene.die_rects()]
            assert all(lay.dice.contains(r) and r.collidelist(buttons) == -1 for r in dice)
        scene.apply(rng.choice(session.state.legal_actions()))
    assert seen == {rules.ACTION, rules.DRAFT_DIR}


@pytest.mark.parametrize("score", [0, 20])
def test_the_score_road_keeps_every_token_on_it(app, score):
    """Four tokens sharing the first or the last brick stay on the road's panel (they stuck out)."""
    from wonderland_games.games.oz.art import OzArt
    from wonderland_games.games.oz.panels import draw_road

    state = Session.new("oz", [Seat(n) for n in "ABCD"], seed=1, autosave=False).state
    state.scores = [score] * 4
    lay = compute((1024, 640), 4)
    surface = pygame.Surface((lay.size[0], lay.size[1]))
    surface.fill((255, 0, 255))
    draw_road(surface, lay.road, lay.s, app, OzArt(app.font), state)
    outside = lay.road.inflate(2, 2)
    for x in (outside.left, outside.right - 1):
        assert all(surface.get_at((x, y))[:3] == (255, 0, 255) for y in range(outside.top, outside.bottom)), x


def test_a_short_player_row_says_who_plays_at_a_readable_size(app, monkeypatch):
    """At 1024x640 with four players, a row's grey 'character – Human/Bot' is 11 px or more."""
    from wonderland_games.games.oz.art import OzArt
    from wonderland_games.games.oz.panels import draw_players
    from wonderland_games.ui import text as tx

    app.i18n.set_language("zh")
    state = Session.new("oz", [Seat(n) for n in "ABCD"], seed=1, autosave=False).state
    lay = compute((1024, 640), 4)
    sizes, real = {}, tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, rect, size, *a, **k: sizes.setdefault(
        text, size) and real(surface, fonts, text, rect, size, *a, **k))
    draw_players(pygame.Surface(lay.size), lay.players, lay.s, app, OzArt(app.font), state, 0)
    subs = [size for text, size in sizes.items() if app.t("oz.characters." + state.characters[0]) in text]
    assert subs and min(subs) >= 11, sizes


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_control_button_says_its_whole_label(app, monkeypatch, size, lang):
    """Go, One step, −1, +1 and the guide's arrows: no label cut to "…" (−1 was, from 2560x1440 up)."""
    from wonderland_games.ui import text as tx
    from wonderland_games.ui import theme

    app.i18n.set_language(lang)
    session = Session.new("oz", [Seat("Ann"), Seat("Bo")], seed=1, autosave=False)
    scene = OzScene(app, session)
    scene._ensure_layout(size)
    seen, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: seen.append(text) or real(font, text, *a, **k))
    surface = pygame.Surface(size)
    names = list(scene.layout.control_buttons) + ["guide_" + d for d in scene.layout.guide_buttons]
    for name in names:
        button = scene.buttons[name]
        assert button.size == theme.TEXT_SMALL
        seen.clear()
        button.draw(surface)
        assert seen and not any(tx.ELLIPSIS in t for t in seen), (name, seen)


def _at_a_guide_choice(app, size, lang):
    app.i18n.set_language(lang)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    session = Session.new("oz", [Seat("Ann"), Seat("Bob")], seed=8, autosave=False)
    rng = random.Random(3)
    while not (session.state.current_player() == 0 and ("guide", "E") in session.state.legal_actions()):
        legal = session.state.legal_actions()
        session.apply(rng.choice([a for a in legal if a[0] != "step"] or legal))
    scene = OzScene(app, session)
    app.push(scene)
    scene.viewer = 0
    return scene


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_guide_caption_beside_the_arrows_is_whole(app, monkeypatch, size, lang):
    """The two-column controls say what the guide does beside its arrows, wrapped, never cut to "…"."""
    from wonderland_games.ui import text as tx

    scene = _at_a_guide_choice(app, size, lang)
    seen, real = [], tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: seen.append(text) or real(font, text, *a, **k))
    app.step(1 / 60)
    assert scene.layout.wide and scene.buttons["guide_E"].visible
    caption = app.t("oz.hint.guide")
    assert any(t and caption.startswith(t) for t in seen), "the caption is drawn"
    start = next(i for i, t in enumerate(seen) if t and caption.startswith(t))
    shown = ""
    for t in seen[start:]:
        if not (caption.replace(" ", "").startswith((shown + t).replace(" ", ""))):
            break
        shown += t
    assert shown.replace(" ", "") == caption.replace(" ", ""), (shown, caption)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)])
def test_who_plays_each_seat_is_never_cut_short(app, monkeypatch, size, lang):
    """A player row says "Cowardly Lion – Human"; with the Wizard and both dice in the row it
    ended "Cowardly Lion – Hu…" at 2560x1440 (QA). When the whole does not fit, "Human" /
    "Bot – Normal" stands alone (the token shows the character), never cut."""
    from wonderland_games.games.oz.art import OzArt
    from wonderland_games.games.oz.panels import draw_players
    from wonderland_games.ui import text as tx
    from wonderland_games.ui.seat_words import seat_label

    app.i18n.set_language(lang)
    seats = [Seat("Dorothy"), Seat("Cheshire", "bot", "normal"), Seat("Ann"), Seat("Queen", "bot", "hard")]
    state = Session.new("oz", seats, seed=2, autosave=False).state
    state.taken_dir, state.taken_act = ["N", "E", "S", "W"], [6, 5, 4, 3]
    lay = compute(size, 4)
    drawn = []
    real = tx.draw_line
    monkeypatch.setattr(tx, "draw_line", lambda surface, fonts, text, rect, size, *a, **k:
                        drawn.append((text, pygame.Rect(rect), size)) or real(surface, fonts, text, rect, size, *a, **k))
    draw_players(pygame.Surface(size), lay.players, lay.s, app, OzArt(app.font), state, 0)
    for seat in seats:
        kind = seat_label(app, seat)
        shown = [(text, rect, font) for text, rect, font in drawn if text.endswith(kind)]
        assert shown, (kind, [t for t, _, _ in drawn])
        for text, rect, font in shown:
            assert tx.fit_line(app.fonts, text, rect.width, rect.height, font)[1] == text, (size, text)



@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_wizard_card_in_a_wide_hand_reads_as_large_as_the_spells(app, monkeypatch, size, lang):
    """Wide windows draw the hand as framed cards: the Wizard's long rule text was shrunk to
    about two thirds of the size the spells use (QA, 1920x1080); it says its short note, as a
    strip does (the note says all a player needs: starts, ±1, not in the hand)."""
    from wonderland_games.games.oz.art import OzArt
    from wonderland_games.games.oz.panels import draw_card, is_strip
    from wonderland_games.ui import text as tx

    app.i18n.set_language(lang)
    art = OzArt(app.font)
    lay = compute(size, 4)
    assert lay.wide
    cards = Session.new("oz", [Seat("A"), Seat("B")], seed=1, autosave=False).state.cards
    blocks, real = [], tx.draw_block
    monkeypatch.setattr(tx, "draw_block", lambda surface, fonts, text, rect, size, *a, **k:
                        blocks.append((text, rect, size)) or real(surface, fonts, text, rect, size, *a, **k))
    for count in (1, 3, 4):
        slot = lay.hand_slots(count)[0]
        assert not is_strip(slot)
        heights = []
        for card in [cards[i] for i in cards.spell_ids] + [cards.wizard]:
            blocks.clear()
            draw_card(pygame.Surface(size), slot, lay.s, app, art, card)
            (text, rect, want), = blocks
            heights.append(tx.fit_block(app.fonts, text, rect.width, rect.height, want)[0].get_height())
        assert heights[-1] >= min(heights[:-1]), (count, heights[-1], min(heights[:-1]))


def _dark_spots(surf) -> int:
    """How many separate spots of pip ink (half-way darker than the face, or more) a die shows."""
    from wonderland_games.games.oz.art import PIP_INK
    w, h = surf.get_size()
    inside = [(x, y) for x in range(int(w * 0.14), int(w * 0.76) + 1) for y in range(int(h * 0.14), int(h * 0.76) + 1)]
    face = max(sum(surf.get_at(p)[:3]) for p in inside)  # the face's edge and shadow left out
    cut = sum(PIP_INK) + (face - sum(PIP_INK)) / 2
    ink = {p for p in inside if sum(surf.get_at(p)[:3]) < cut}
    spots = 0
    while ink:
        spots += 1
        todo = [ink.pop()]
        while todo:
            x, y = todo.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in ink:
                    ink.remove(q)
                    todo.append(q)
    return spots


@pytest.mark.parametrize("size", [12, 16, 20, 34, 50])
def test_an_action_die_shows_its_pips_apart_at_any_size(app, size):
    """The seat row's dice are 12 px at 1024x640 and 16 at 1280x800: each pip stays its own spot
    (QA: a 4, 5 or 6 drawn there was one dark blob)."""
    from wonderland_games.games.oz.art import OzArt
    art = OzArt(app.font)
    assert [_dark_spots(art.die("action", v, size)) for v in range(1, 7)] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_walk_panel_shows_where_a_long_walk_stops(app, monkeypatch, lang):
    """At 1920x1080 the turn panel lists the walk: its last line (where the token stops, or the edge)
    is drawn even for four or more steps; plain steps are left to the board's numbers (QA: "4 steps"
    showed only "C4: 4 left")."""
    from wonderland_games.ui import text as tx
    drawn = []
    real = tx.render
    monkeypatch.setattr(tx, "render", lambda font, text, *a, **k: drawn.append(text) or real(font, text, *a, **k))
    checked = 0
    for seed in range(1, 30):
        session, scene = _table(app, (1920, 1080), lang, seed)
        rng = random.Random(seed)
        while session.state.round <= 3 and not session.state.is_over() and checked < 3:
            state = session.state
            if state.phase == rules.ACTION and state.points >= 4:
                scene.viewer = state.current_player()
                for _ in range(600):
                    if not scene.timeline:
                        break
                    app.step(1 / 60)
                scene._frame, scene.dirty = None, True
                drawn.clear()
                app.step(1 / 60)
                path = scene.path()
                if len(path) >= 4:
                    last = scene._path_line(path[-1])
                    assert last in drawn, (last, [scene._path_line(p) for p in path])
                    checked += 1
            scene.apply(rng.choice(state.legal_actions()))
        app.pop()
        if checked >= 3:
            break
    assert checked >= 3
