"""Dream Teller in words: the table's log and the actions said as short sentences.

`Narrator.event(state_after, event)` turns one engine event into log lines
(text, kind) and `Narrator.lines(events, state)` a list of them, as the other
games' narrators do; `describe_action(app, state, action)` says one legal
action (hints and tests use it). `reason_text` says why a seat scored what it
did in a round; the results screen shows the same words. Strings are
`dream.log.*`, `dream.act.*` and `dream.reason.*` in data/dream/strings.yaml.

Hidden things stay hidden. Roles are named only when the round's cards are
revealed (`round_end`). The log for the dreamer's eyes (`viewer`, the seat
whose screen it is) names neither the word in play nor a word that went to
the wrong pile (or was let go at the last guess) until the round ends; the
correct words it names, since the dreamer was told them. With no viewer (one
screen that the dreamer keeps their eyes off) every word is named.
"""

from __future__ import annotations

from .rules import DREAMER_CARDS
from .state import CORRECT, DREAM, DROPPED, SKIP, TABLE, WRONG


def word_name(app, lexicon, word_id: str) -> str:
    """A dream word in the app's language (an id the lexicon does not know, as itself)."""
    word = lexicon.words.get(word_id) if lexicon is not None else None
    return app.i18n.pick(word.name) if word is not None else word_id


def words_text(app, lexicon, word_ids) -> str:
    return app.i18n.join([word_name(app, lexicon, w) for w in word_ids]) or app.t("dream.log.none")


def piles(cards) -> tuple:
    """(correct, wrong) of a round's cards [word, outcome, guess]: a skip counts wrong, a dropped card nowhere."""
    return (sum(o == CORRECT for _, o, _ in cards), sum(o in (WRONG, SKIP) for _, o, _ in cards))


def reason_text(app, reason: str, correct: int, wrong: int, story: bool) -> str:
    """Why a seat scored its points in a round, in words (the sandman's case, the story's bonus)."""
    key = reason
    if reason == DREAMER_CARDS and correct and not story:
        key = "dreamer_no_story"
    return app.t(f"dream.reason.{key}", correct=correct, wrong=wrong)


class Narrator:
    """The log of one table; `viewer` is the seat whose eyes it is for (None: a shared screen)."""

    def __init__(self, app, seats, lexicon, viewer=None):
        self.app = app
        self.names = [s.name for s in seats]
        self.lexicon = lexicon
        self.viewer = viewer
        self.dreamer = None
        self.cards: list = []  # this round's [word, outcome], told by the card events

    def setup(self, state) -> list:
        """The opening lines, read from the starting position: the table, the mode, the first round."""
        t = self.app.t
        self.dreamer, self.cards = state.dreamer(), []
        mode = t("dream.log.mode_table") if state.mode == TABLE else t(
            "dream.log.mode_bots", lang=t(f"dream.log.lang.{state.lang}"))
        lines = [(t("dream.log.setup", n=len(self.names)), "event"), (mode, "quiet"),
                 self._round(state.round, state.dreamer())]
        if state.current is not None:
            lines.append(self._word(state.current, len(state.cards)))
        return lines

    def lines(self, events: list, state=None) -> list:
        out = []
        for e in events:
            out.extend(self.event(state, e))
        return out

    def event(self, state_after, e: dict) -> list:
        """The lines for one event; none for the clock, a dreamer listening on, or a pause."""
        kind = e["type"]
        if kind == "round_end":
            return self._round_end(e)
        line = self._line(e)
        return [] if line is None else [line]

    def hidden(self) -> bool:
        """Is this log for the eyes of the dreamer of the round in play?"""
        return self.viewer is not None and self.viewer == self.dreamer

    def _name(self, word: str) -> str:
        return word_name(self.app, self.lexicon, word)

    def _round(self, number: int, dreamer: int) -> tuple:
        return self.app.t("dream.log.round", round=number + 1, name=self.names[dreamer]), "event"

    def _word(self, word: str, card: int) -> tuple:
        if self.hidden():
            return self.app.t("dream.log.word_hidden", card=card + 1), "quiet"
        return self.app.t("dream.log.word", word=self._name(word)), "quiet"

    def _line(self, e: dict):
        t, kind = self.app.t, e["type"]
        if kind == "round":
            self.dreamer, self.cards = e["dreamer"], []
            return self._round(e["round"], e["dreamer"])
        if kind == "word":
            return self._word(e["word"], e["card"])
        if kind == "clue":
            return t("dream.log.clue", name=self.names[e["seat"]], text=e["text"]), "play"
        if kind == "pass":
            return t("dream.log.pass", name=self.names[e["seat"]]), "quiet"
        if kind == "card":
            return self._card(e)
        if kind == "time_up":
            key = "dream.log.time_up_hidden" if self.hidden() else "dream.log.time_up"
            return t(key, name=self.names[self.dreamer], word=self._name(e["word"])), "event"
        if kind == "story_time":
            return t("dream.log.story_time", name=self.names[self.dreamer],
                     words=words_text(self.app, self.lexicon, e["words"])), "event"
        if kind == "penalty":
            return t("dream.log.penalty", name=self.names[e["seat"]], n=e["penalties"]), "take"
        if kind == "reshuffle":
            return t("dream.log.reshuffle_table" if e["table"] else "dream.log.reshuffle", n=e["cards"]), "quiet"
        if kind == "game_end":
            return self._end(e), "event"
        return None  # clock, listen

    def _card(self, e: dict) -> tuple:
        """A guess judged, a skip, or a last guess let go; a hidden word stays unnamed to the dreamer."""
        t, outcome, guess = self.app.t, e["outcome"], e["guess"]
        self.cards.append([e["word"], outcome])
        fields = {"name": self.names[self.dreamer], "word": self._name(e["word"]), "guess": guess,
                  "piles": t("dream.log.piles", correct=e["correct"], wrong=e["wrong"])}
        if outcome == CORRECT:
            return t("dream.log.guess_right" if guess else "dream.log.correct", **fields), "take"
        key = {WRONG: "guess_wrong" if guess else "wrong", SKIP: "skip", DROPPED: "dropped"}[outcome]
        if self.hidden():
            key += "_hidden"
        return t(f"dream.log.{key}", **fields), "play"

    def _round_end(self, e: dict) -> list:
        """The piles, the story, the words of both piles, the roles, the points and the totals."""
        app, t = self.app, self.app.t
        right = [w for w, o in self.cards if o == CORRECT]
        wrong = [w for w, o in self.cards if o in (WRONG, SKIP)]
        lines = [(t("dream.log.round_end", round=e["round"] + 1, correct=e["correct"], wrong=e["wrong"]), "event")]
        if e["correct"]:
            lines.append((t("dream.log.story_yes" if e["story"] else "dream.log.story_no"), "quiet"))
        lines.append((t("dream.log.cards", right=words_text(app, self.lexicon, right),
                        wrong=words_text(app, self.lexicon, wrong)), "quiet"))
        roles = [t("dream.log.role_of", name=name, role=t(f"dream.role.{role}"))
                 for name, role in zip(self.names, e["roles"])]
        points = [t("dream.log.points_of", name=name, points=p) for name, p in zip(self.names, e["points"])]
        totals = [t("dream.log.points_of", name=name, points=p) for name, p in zip(self.names, e["totals"])]
        lines += [(t("dream.log.roles", roles=app.i18n.join(roles)), "play"),
                  (t("dream.log.points", points=app.i18n.join(points)), "take"),
                  (t("dream.log.totals", totals=app.i18n.join(totals)), "quiet")]
        self.cards = []
        return lines

    def _end(self, e: dict) -> str:
        winners = e["winners"]
        names = self.app.i18n.join([self.names[w] for w in winners])
        key = "dream.log.end_shared" if len(winners) > 1 else "dream.log.end"
        return self.app.t(key, names=names, n=e["scores"][winners[0]])


def describe_action(app, state, action) -> str:
    """One legal action of the seat to act, in a short sentence."""
    t, kind = app.t, action[0]
    if kind == "story":
        return t("dream.act.story_yes" if action[1] == 1 else "dream.act.story_no")
    if kind == "penalty":
        return t("dream.act.penalty", name=state.seats[action[1]].name)
    if kind == "clue":
        return t("dream.act.clue", text=action[2])
    if kind == "guess":
        return t("dream.act.guess", text=action[1])
    if kind == "clock":
        return t("dream.act.clock", n=action[1])
    if kind == "skip" and state.phase != DREAM:
        return t("dream.act.skip_last")
    return t(f"dream.act.{kind}")  # correct, wrong, skip, time_up, pass, listen
