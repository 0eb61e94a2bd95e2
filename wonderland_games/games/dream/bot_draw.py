"""Bot mode's drawing: the top line (round, the person's secret role, the sand), the round
table (seats, the dream card, speech bubbles) and a finished round's scores in words.

Functions of the view (`bot_view.BotModeView`), which keeps all the state; drawing only reads it.
"""

from __future__ import annotations

import pygame

from ...ui import text as tx
from ...ui import theme
from ...ui.theme import px
from . import hourglass, piles
from .bot_seats import bubble_rect, bubble_size, draw_bubble, seat_centres
from .narrate import piles as piles_of
from .narrate import reason_text, words_text
from .rules import DREAMER
from .state import CLUE, CORRECT, DREAM, OVER, SKIP, STORY, WRONG


def draw_top(view, surface) -> None:
    """The round, the person's secret role (theirs alone) and the sand left."""
    s, t, state = view.s, view.app.t, view.state
    if state.phase == OVER:
        return
    if view.dreaming():
        who = t("dream.bots.you_dream", round=state.round + 1, rounds=len(state.seats))
    else:
        role = state.roles[view.me]
        who = t("dream.bots.your_role", round=state.round + 1, rounds=len(state.seats),
                role=t(f"dream.role.{role}"), goal=t(f"dream.bots.goal.{role}"))
    glass, clock = _sand_rects(view)
    hourglass.draw(surface, glass, view.scene.clock.share(), view.scene.clock_running(), view.t, s)
    left = view.scene.clock.shown()
    tx.draw_line(surface, view.app.fonts, f"{left // 60}:{left % 60:02d}", clock, px(20, s), theme.INK, bold=True)
    tx.draw_line(surface, view.app.fonts, who, top_text_rect(view), px(18, s), theme.PLUM, bold=True, align="left")


def _sand_rects(view) -> tuple:
    """(glass, time) at the top line's right, left of Pause when it shows."""
    s = view.s
    right = view.buttons["pause"].rect.left - px(8, s) if view.buttons["pause"].visible else view.top.right
    glass_w = px(28, s)
    clock = pygame.Rect(right - px(70, s), view.top.top, px(70, s), view.top.height)
    glass = pygame.Rect(clock.left - glass_w, view.top.top, glass_w, view.top.height).inflate(0, -px(8, s))  # clear of the frame
    return glass, clock


def sand_glass(view) -> pygame.Rect:
    """The sand glass and its time on the top line (where the sand running out shows)."""
    glass, clock = _sand_rects(view)
    return glass.union(clock)


def top_text_rect(view) -> pygame.Rect:
    """The top line's words: the round and the person's role (or that they dream)."""
    glass = _sand_rects(view)[0]
    return pygame.Rect(view.top.left, view.top.top, glass.left - view.top.left - px(8, view.s), view.top.height)


def draw_table(view, surface) -> None:
    if view.state.phase == OVER:
        return
    centres, token = seats(view)
    _draw_card(view, surface)
    for seat, centre in enumerate(centres):
        _draw_seat(view, surface, seat, centre, token)
    _draw_bubbles(view, surface, centres)


def _draw_seat(view, surface, seat: int, centre: tuple, token: int) -> None:
    s, state, t = view.s, view.state, view.app.t
    dreamer = seat == state.dreamer()
    speaking = state.phase == DREAM and state.awaiting == CLUE and seat == state.speaker and not view.holds()
    fill = theme.PLUM if dreamer else theme.TEAL_LIGHT if seat != view.me else theme.GOLD
    if speaking:
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, token + px(5, s))
    pygame.draw.circle(surface, fill, centre, token)
    pygame.draw.circle(surface, theme.WHITE, centre, token, max(1, px(2, s)))
    mark = t("dream.clock.dreamer_mark") if dreamer else view.scene.name(seat)[:1]  # never a name's initial
    tx.draw_line(surface, view.app.fonts, mark, pygame.Rect(centre[0] - token, centre[1] - token, 2 * token,
                                                           2 * token), px(18, s), theme.WHITE, bold=True)
    name = view.scene.name(seat) if seat != view.me else t("dream.bots.you", name=view.scene.name(seat))
    box = pygame.Rect(centre[0] - px(70, s), centre[1] + token + px(2, s), px(140, s), px(20, s))
    tx.draw_line(surface, view.app.fonts, name, box, px(15, s), theme.INK, bold=seat == view.me)


def _draw_card(view, surface) -> None:
    """The dream card: its back for the dreaming person, the word for a spirit; the piles under it."""
    s, t, state, card = view.s, view.app.t, view.state, view.card
    fonts = view.app.fonts
    hidden = view.dreaming()
    pygame.draw.rect(surface, theme.PLUM if hidden else theme.WHITE, card, border_radius=px(14, s))
    pygame.draw.rect(surface, theme.GOLD_DARK, card, width=max(1, px(3, s)), border_radius=px(14, s))
    inner = card.inflate(-px(20, s), -px(16, s))
    head = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 4)
    middle = pygame.Rect(inner.left, head.bottom, inner.width, inner.height // 2)
    piles.draw(surface, view.app, pile_chips(view), s)
    if state.phase == STORY:
        title = t("dream.bots.story_me", n=state.pile(CORRECT)) if hidden else t(
            "dream.bots.story_bot", name=view.scene.name(state.dreamer()))
        above = pygame.Rect(inner.left, inner.top, inner.width, middle.bottom - inner.top)
        tx.draw_block(surface, fonts, title, above, px(20, s), theme.WHITE if hidden else theme.INK, bold=True)
        return
    number = t("dream.bots.card_number", n=len(state.cards) + 1)
    tx.draw_line(surface, fonts, number, head, px(16, s), theme.GOLD_LIGHT if hidden else theme.INK_SOFT)
    if hidden:
        tx.draw_block(surface, fonts, t("dream.bots.eyes_closed"), middle, px(20, s), theme.WHITE)
    elif state.current is not None:
        font, lines = card_lines(view, middle, px(44, s))
        y = middle.centery - font.get_linesize() * len(lines) // 2
        for line in lines:
            img = tx.render(font, line, theme.PLUM)
            surface.blit(img, img.get_rect(midtop=(middle.centerx, y)))
            y += font.get_linesize()


def pile_chips(view) -> dict:
    """The round's piles as placed: under the dream card while it shows, beside a finished round's
    title while its scores show (`piles.chips`); {} when neither is on show."""
    state, s = view.state, view.s
    if view.summary is not None:
        record = state.history[view.summary]
        correct, wrong = piles_of(record["cards"])
        body = view.stage.inflate(-px(20, s), -px(10, s))
        title = pygame.Rect(body.left, body.top, body.width, px(34, s))  # the summary's title line
        return piles.chips(view.app, title, s, {"correct": correct, "wrong": wrong}, "right")
    if state.phase == OVER:
        return {}
    inner = view.card.inflate(-px(20, s), -px(16, s))
    middle_bottom = inner.top + inner.height // 4 + inner.height // 2
    foot = pygame.Rect(inner.left, middle_bottom, inner.width, inner.bottom - middle_bottom)
    return piles.chips(view.app, foot, s, {"correct": state.pile(CORRECT), "wrong": state.pile(WRONG)})


def card_word(view) -> str:
    """The word on a spirit's card in the clue language (what the clues are checked against),
    with its name in the app's language after it when that differs."""
    return "".join(_card_parts(view))


def _card_parts(view) -> tuple:
    """(the word in the clue language, its gloss in the app's: " (owl)", "（八音盒）" or "")."""
    word = view.scene.lexicon.words.get(view.state.current)
    if word is None:
        return view.scene.word_name(view.state.current), ""
    shown, own = word.name[view.state.lang], view.scene.word_name(word.id)
    return shown, "" if own == shown else f" ({own})" if view.app.lang == "en" else f"（{own}）"


def card_lines(view, rect: pygame.Rect, size: int) -> tuple:
    """(font, lines) of the card's word in `rect`, its gloss never cut: on the word's last line if
    it fits there whole, else on a line of its own, else smaller (QA: "music box（八 / 音盒）").
    Only a gloss too wide at the smallest size wraps, between its words."""
    fonts = view.app.fonts
    shown, gloss = _card_parts(view)
    px_size, smallest = fonts.pixels(size), max(8, int(size * 0.6))
    while gloss:
        font = fonts.get(px_size, True, fixed=True)
        lines = tx.wrap(font, shown, rect.width)
        if font.size(lines[-1] + gloss)[0] <= rect.width:
            lines[-1] += gloss
        else:
            lines.append(gloss.strip())
        if len(lines) * font.get_linesize() <= rect.height and font.size(lines[-1])[0] <= rect.width:
            return font, lines
        if px_size <= smallest:
            break
        px_size -= max(1, px_size // 12)
    return tx.fit_block(fonts, shown + gloss, rect.width, rect.height, size, True)


def _draw_bubbles(view, surface, centres: list) -> None:
    for seat, text, rect, fresh, colour in bubbles(view, centres):
        draw_bubble(surface, view.app.fonts, text, rect, centres[seat], view.s, fresh, colour)


def bubbles(view, centres: list) -> list:
    """(seat, text, rect, newest?, colour) of the bubbles on show: this card's latest clue by each
    spirit, the newest marked; the dreamer's last guess until the next card's first clue."""
    state, s, fonts = view.state, view.s, view.app.fonts
    said = {}
    card = len(state.cards)
    for number, seat, text in state.clues:
        if number == card:
            said[seat] = text
    newest = state.clues[-1][1] if state.clues and state.clues[-1][0] == card else None
    most = max(px(60, s), view.stage.width // 4)

    def place(seat, text):
        return bubble_rect(view.stage, centres[seat], bubble_size(fonts, text, s, most), view.card)
    out = [(seat, text, place(seat, text), seat == newest, theme.INK) for seat, text in said.items()]
    if state.cards and state.cards[-1][2] and not view.dreaming() and not said:  # until the next card's clue
        word, outcome, guess = state.cards[-1]
        text = view.app.t("dream.bots.bubble_guess", guess=guess)
        seat = state.dreamer()
        out.append((seat, text, place(seat, text), False, theme.TEAL if outcome == CORRECT else theme.RED))
    return out


def seats(view) -> tuple:
    """(each seat's centre round the table, the tokens' radius)."""
    token = px(22, view.s)
    return seat_centres(view.stage, len(view.state.seats), view.me, token), token


def draw_summary(view, surface) -> None:
    """The finished round: the piles, every seat's role, points and reason, and the story."""
    s, app = view.s, view.app
    title, body, font, wrapped = _summary(view)
    tx.draw_line(surface, app.fonts, title, _title_rect(view, body), px(22, s), theme.PLUM, bold=True, align="left")
    piles.draw(surface, app, pile_chips(view), s)
    y = body.top + px(40, s)
    for line in wrapped:
        surface.blit(tx.render(font, line, theme.INK), (body.left, y))
        y += font.get_linesize()


def summary_rect(view) -> pygame.Rect:
    """Where a finished round's scores are written: its title and lines, no more."""
    title, body, font, wrapped = _summary(view)
    width = max([font.size(line)[0] for line in wrapped] + [view.app.fonts.get(px(22, view.s), True).size(title)[0]])
    height = px(40, view.s) + font.get_linesize() * len(wrapped)
    return pygame.Rect(body.left, body.top, min(body.width, width), min(body.height, height)).inflate(
        px(12, view.s), px(8, view.s))


def summary_text(view) -> list:
    """The rects of a finished round's words (its title left of the piles, and its lines): what
    moves passes under them (scene.py)."""
    title, body, font, wrapped = _summary(view)
    lines = pygame.Rect(body.left, body.top + px(40, view.s), body.width, font.get_linesize() * len(wrapped))
    return [_title_rect(view, body), lines.clip(body)]


def _title_rect(view, body: pygame.Rect) -> pygame.Rect:
    """A finished round's title line, left of its piles."""
    s = view.s
    room = body.right - pile_chips(view)["correct"][0].left + px(12, s)
    return pygame.Rect(body.left, body.top, body.width - room, px(34, s))


def _summary(view) -> tuple:
    """(title, the area, the font, the wrapped lines) of the finished round on show."""
    s, t, app = view.s, view.app.t, view.app
    record = view.state.history[view.summary]
    correct, wrong = piles_of(record["cards"])
    lines = [t("dream.bots.summary_title", round=view.summary + 1, correct=correct, wrong=wrong)]
    right = [w for w, o, _ in record["cards"] if o == CORRECT]
    missed = [w for w, o, _ in record["cards"] if o in (WRONG, SKIP)]
    story = [t("dream.results.cards", right=words_text(app, view.scene.lexicon, right),
               wrong=words_text(app, view.scene.lexicon, missed))] + story_lines(view, record)
    for seat, role in enumerate(record["roles"]):
        reason = reason_text(app, record["reasons"][seat], correct, wrong, record["story"])
        lines.append(t("dream.bots.summary_line", name=view.scene.name(seat), role=t(f"dream.role.{role}"),
                       points=record["points"][seat], reason=reason))
    body = view.stage.inflate(-px(20, s), -px(10, s))
    font, wrapped = tx.fit_block(app.fonts, "\n".join(lines[1:] + story), body.width,
                                 body.height - px(40, s), px(17, s))
    return lines[0], body, font, wrapped


def story_lines(view, record: dict) -> list:
    t = view.app.t
    if record["roles"][view.me] == DREAMER:
        if view.story_check is None:
            return []
        found, missed = ([view.scene.word_name(w) for w in part] for part in view.story_check)
        key = "dream.bots.story_missed" if missed else "dream.bots.story_all"
        join = view.app.i18n.join
        return [t(key, found=join(found) or t("dream.log.none"), missed=join(missed))]
    if view.bot_story:
        return [t("dream.bots.bot_story", name=view.scene.name(record["dreamer"]), story=view.bot_story)]
    return []
