"""说梦人 · Dream Teller: registers the game with its table (scene.py). The setup screen
starts every seat as a person: a real table around one screen (table mode) is the
game's first mode; a seat made a bot plays bot mode.

The bots (`bots.py`) give and read clues through the lexicon, in the game's
`lang` option.

A game's deck is the lexicon's words and its guesses are judged by the lexicon's
matcher (names and synonyms in both languages); the engine itself knows only
word ids, so its tests can use a small deck. The lexicon loads on the first game,
not at start-up."""

from ...core.game import GameInfo, GameOption
from ...core.registry import game_name, register
from . import state


def _make_bot(level: str):
    from .bots import make_bot

    return make_bot(level)


def _matcher(lexicon):
    """The lexicon's matcher; a word id the lexicon does not know matches itself only."""
    from . import guess

    return lambda text, word: state.same_word(text, word) or (
        word in lexicon.words and guess.matches(lexicon, word, text))


def new_state(seats, seed: int, options=None, tape=None):
    from .lexicon import load_lexicon

    lexicon = load_lexicon()
    options = {"words": list(lexicon.ids()), **(options or {})}
    return state.DreamState.new(seats, seed, options, tape=tape, matcher=_matcher(lexicon))


def tutorial_state(seats, setup: dict):
    from .lexicon import load_lexicon
    from .tutorial import tutorial_state

    lexicon = load_lexicon()
    return tutorial_state(seats, setup, lexicon, _matcher(lexicon))


def from_dict(data: dict):
    from .lexicon import load_lexicon

    return state.DreamState.from_dict(data, matcher=_matcher(load_lexicon()))


register(GameInfo(
    id=state.GAME_ID,
    name=game_name(state.GAME_ID),
    min_players=state.MIN_PLAYERS,
    max_players=state.MAX_PLAYERS,
    available=True,
    new_state=new_state,
    from_dict=from_dict,
    make_bot=_make_bot,
    scene="wonderland_games.games.dream.scene:DreamScene",
    rules_key="dream",
    tutorial_state=tutorial_state,
    turn_unit="rounds",
    other_seats="human",  # a table of people is the game's first mode
    phones_with_bots=False,  # bot mode's screen is its one person's: phones are for table mode
    # against bots, the language clues are typed and judged in: the app's unless picked
    game_options=(GameOption("lang", state.LANGS, lambda lang: lang if lang in state.LANGS else state.LANGS[0],
                             "dream.bots.lang", "dream.bots.lang_{}",
                             seats=tuple(range(state.MIN_PLAYERS, state.MAX_PLAYERS + 1)), needs_bot=True),),
))
