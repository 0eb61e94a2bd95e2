"""Dream Teller's guided first game (data/dream/tutorial.yaml): its fixed setup.

A real bot-mode game of four (the learner and three bots) over the whole
lexicon, whose chance is stacked (`DreamState.arranged`): the first dreamer,
every round's role cards in the order they are dealt, and the words from the
top of the deck, so each step's clue or guess is about the word the script
expects. The script's `deal` says them:

    deal: {first: 3, roles: [[fairy, sandman, boogeyman], ...], words: [moon, owl, ...]}

(`roles`: one list per round, from the dreamer's left.) The clues are in the
app's language: the script's seats are named in it, so the hook reads the
language off the seats when the options do not name it.
"""

from __future__ import annotations

from ...core.game import BOT
from .state import LANGS, DreamState


def clue_lang(seats, setup: dict) -> str:
    """The language the lesson is played in: the options' `lang`, else the one its bots' names are in."""
    lang = setup.get("options", {}).get("lang")
    if lang in LANGS:
        return lang
    for seat, scripted in zip(seats, setup.get("seats", [])):
        names = scripted.get("name") or {}
        if seat.kind == BOT:
            found = [code for code in LANGS if names.get(code) == seat.name]
            if len(found) == 1:
                return found[0]
    return LANGS[0]


def tutorial_state(seats, setup: dict) -> DreamState:
    """The lesson's game: a normal DreamState (saved, replayed and checked as any), chance stacked."""
    from . import _matcher
    from .lexicon import load_lexicon

    lexicon = load_lexicon()
    deal = setup.get("deal", {})
    arranged = {"first": [deal["first"]], "role": [role for dealt in deal["roles"] for role in dealt],
                "word": list(deal["words"])}
    options = {"words": list(lexicon.ids()), **setup.get("options", {}), "lang": clue_lang(seats, setup)}
    return DreamState.new(seats, setup["seed"], options, matcher=_matcher(lexicon), arranged=arranged)
