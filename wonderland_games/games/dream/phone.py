"""What a Dream Teller seat's phone shows (net/hands.py): the seat's role, privately, and to a
spirit the dream word (the dreamer's view holds no word but the correct ones, so the dreamer's
phone cannot show it); the round's public facts and the scores.

What a phone may do is the seat's own part: in bot mode a spirit's clue and the dreamer's guess,
skip, listen and story, typed on the phone (`typed` judges a clue as the table does: a refused one
is that turn's penalty). Table mode is played aloud around the big screen: the spirits judge the
guesses and the story there and the sand runs there, so every table-mode action, a clock report,
the time-up and a penalty stay with the table (`"table": True`)."""

from __future__ import annotations

from .clues import check_clue
from .guess import mentions
from .lexicon import load_lexicon
from .narrate import describe_action, piles, word_name
from .rules import DREAMER
from .state import BOTS, HIDDEN, LAST, MAX_TEXT, STORY, is_clue_text, is_guess_text

STORY_CHARS = 200  # a typed story at most (the phone's line, net/server.TEXT_CHARS)
OWN = {"clue": "clue", "pass": "clue", "guess": "guess", "skip": "guess", "listen": "guess", "story": "story"}


def sections(view, seat: int, words, moment=None) -> list:
    t, lexicon, out = words.t, load_lexicon(), []
    rounds = len(view.seats)
    if view.roles:  # the game is on
        role = view.roles[seat]
        if role == DREAMER:
            text = t("dream.bots.you_dream", round=view.round + 1, rounds=rounds)
            how = t("dream.phone.dreamer_bots" if view.mode == BOTS else "dream.phone.dreamer_table")
        else:
            text = t("dream.bots.your_role", round=view.round + 1, rounds=rounds, role=t(f"dream.role.{role}"),
                     goal=t(f"dream.bots.goal.{role}"))
            how = t("dream.phone.spirit_bots" if view.mode == BOTS else "dream.phone.spirit_table",
                    name=view.seats[view.dreamer()].name)
        out.append({"title": t("dream.phone.role"), "lines": [text, how],
                    "cards": [{"label": t(f"dream.role.{role}"), "kind": "role", "role": role}]})
        out.append(word_section(view, seat, words, lexicon, moment))
        out.append({"title": t("dream.phone.round"), "lines": round_lines(view, words)})
    if view.history:
        out.append({"title": t("dream.phone.last_round"), "lines": [last_round(view, words)]})
    scores = view.scores()
    out.append({"title": t("dream.phone.scores"), "lines": [t("list.sep").join(
        t("dream.phone.score_of", name=s.name, n=scores[i], penalties=view.penalties[i])
        if view.penalties[i] else t("dream.log.points_of", name=s.name, points=scores[i])
        for i, s in enumerate(view.seats))]})
    return out


def word_section(view, seat: int, words, lexicon, moment=None) -> dict:
    """The word in play to a spirit, once the table's dream has begun (`moment`: the table mode's
    stage, None with no table to follow); to the dreamer, that it is hidden; or the story's words."""
    t = words.t
    title = t("dream.bots.card_number", n=len(view.cards) + 1)
    if view.phase == STORY:
        told = word_list(words, lexicon, view.correct_words())
        return {"title": t("dream.phone.story"), "lines": [t("dream.phone.story_words", words=told)]}
    if view.current is None or view.current == HIDDEN:  # the dreamer: eyes closed, and the last guess
        last = "dream.bots.time_up_me" if view.mode == BOTS else "dream.bots.time_up"
        return {"title": title, "lines": [t(last if view.phase == LAST else "dream.bots.eyes_closed")]}
    if moment not in (None, "dream", "last"):
        return {"title": title, "lines": [t("dream.phone.word_soon")]}
    word = lexicon.words.get(view.current)
    lines = [t("dream.bots.time_up") if view.phase == LAST else t("dream.phone.word_secret")]
    if view.mode == BOTS and word is not None and view.lang != words.lang:
        lines.append(t("dream.phone.clue_lang", lang=t(f"dream.log.lang.{view.lang}"), word=word.name[view.lang]))
    return {"title": title, "cards": [{"label": word_name(words, lexicon, view.current), "kind": "word"}],
            "lines": lines}


def word_list(words, lexicon, ids) -> str:
    return words.i18n.join([word_name(words, lexicon, w) for w in ids]) or words.t("dream.log.none")


def round_lines(view, words) -> list:
    """Who dreams, the piles, and this round's clues (public)."""
    t, names = words.t, [s.name for s in view.seats]
    correct, wrong = piles(view.cards)
    lines = [t("dream.phone.dreams", name=names[view.dreamer()],
               piles=t("dream.log.piles", correct=correct, wrong=wrong))]
    lines += [t("dream.log.clue", name=names[who], text=text) for _, who, text in view.clues[-6:]]
    return lines


def last_round(view, words) -> str:
    """The roles of the round just ended and what each scored (public once it ends)."""
    t, record = words.t, view.history[-1]
    return t("list.sep").join(t("dream.phone.role_points", name=s.name, role=t(f"dream.role.{role}"), n=points)
                              for s, role, points in zip(view.seats, record["roles"], record["points"]))


def choices(view, seat: int, legal: list, words) -> list:
    t, out = words.t, []
    for action in legal:
        own = OWN.get(action[0]) if view.mode == BOTS else None
        if own is None:  # the table's: see the module docstring
            out.append({"group": t("dream.phone.group.table"), "text": describe_action(words, view, action),
                        "table": True})
        elif action[0] in ("clue", "guess", "story"):
            hint = {"clue": "placeholder_clue", "guess": "placeholder_guess", "story": "placeholder_story"}[action[0]]
            out.append({"group": t(f"dream.phone.group.{own}"), "text": t(f"dream.phone.type_{action[0]}"),
                        "input": {"max": STORY_CHARS if own == "story" else MAX_TEXT,
                                  "hint": t(f"dream.bots.{hint}")}})
        else:
            out.append({"group": t(f"dream.phone.group.{own}"), "text": describe_action(words, view, action)})
    return out


def typed(view, seat: int, action: tuple, text: str, words) -> tuple:
    """The action a typed clue, guess or story makes, and a note for the phone: a clue the clue
    checker refuses is this turn's penalty (as at the table); a story is judged by the correct
    words it mentions."""
    t, lexicon, text = words.t, load_lexicon(), text.strip()
    if action[0] == "clue":
        if not is_clue_text(text):
            return None, t("dream.phone.one_word")
        reason = check_clue(lexicon, view.current, text, view.lang)
        if reason is None:
            return ("clue", seat, text), None
        return ("penalty", seat), t("dream.bots.refused", reason=words.i18n.pick(lexicon.rules.reasons[reason]))
    if action[0] == "guess":
        return (("guess", text), None) if is_guess_text(text) else (None, None)
    if not text or len(text) > STORY_CHARS:
        return None, None
    wanted = view.correct_words()
    found = [w for w in wanted if w in lexicon.words and mentions(lexicon, w, text)]
    missed = [w for w in wanted if w not in found]
    note = t("dream.bots.story_missed", found=word_list(words, lexicon, found),
             missed=word_list(words, lexicon, missed)) if missed else t(
        "dream.bots.story_all", found=word_list(words, lexicon, found))
    return ("story", 0 if missed else 1), note
