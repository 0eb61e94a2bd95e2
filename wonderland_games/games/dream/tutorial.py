"""Dream Teller's guided first game (data/dream/tutorial.yaml): its fixed setup.

A real bot-mode game of four (the learner and three bots) over the whole
lexicon, whose chance is stacked (`DreamState.arranged`): the first dreamer,
every round's role cards in the order they are dealt, and the words from the
top of the deck, so each step's clue or guess is about the word the script
expects. The script's `deal` says them:

    deal: {first: 3, roles: [[fairy, sandman, boogeyman], ...], words: [moon, owl, ...]}

(`roles`: one list per round, from the dreamer's left.) The clues are in the
app's language, which the lesson's setup carries.
"""

from __future__ import annotations

from .state import LANGS, DreamState


def clue_lang(setup: dict) -> str:
    """The language the lesson is played in: the options' `lang`, else the app's (`setup["lang"]`,
    from core/tutorial.start)."""
    for lang in (setup.get("options", {}).get("lang"), setup.get("lang")):
        if lang in LANGS:
            return lang
    return LANGS[0]


def tutorial_state(seats, setup: dict, lexicon, matcher) -> DreamState:
    """The lesson's game: a normal DreamState (saved, replayed and checked as any), chance stacked
    (`lexicon` and its `matcher` as the package gives every state)."""
    deal = setup.get("deal", {})
    arranged = {"first": [deal["first"]], "role": [role for dealt in deal["roles"] for role in dealt],
                "word": list(deal["words"])}
    options = {"words": list(lexicon.ids()), **setup.get("options", {}), "lang": clue_lang(setup)}
    return DreamState.new(seats, setup["seed"], options, matcher=matcher, arranged=arranged)
