"""The registered Dream Teller: its deck is the lexicon's words and a guess is judged by
the lexicon's names and synonyms, also after a save is read back."""

from wonderland_games.core import registry
from wonderland_games.core.game import BOT, Seat
from wonderland_games.games.dream.lexicon import load_lexicon


def bot_mode_game():
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT) for i in range(3)]
    return registry.get("dream").new_state(seats, 3)


def guessing(state):
    """Clues given until the dream waits for the dreamer's guess."""
    while ("listen",) not in state.legal_actions():
        state.apply(next(a for a in state.legal_actions() if a[0] == "clue"))
    return state


def test_the_deck_is_every_word_of_the_lexicon():
    assert set(bot_mode_game().words) == set(load_lexicon().ids())


def test_a_guess_by_its_chinese_name_is_right_and_another_word_is_wrong():
    lexicon = load_lexicon()
    for reload in (False, True):
        state = guessing(bot_mode_game())
        if reload:
            state = guessing(registry.get("dream").from_dict(state.to_dict()))
        word = lexicon.words[state.current]
        other = next(w for w in lexicon.words.values() if w.id != word.id and w.name["zh"] != word.name["zh"])
        assert state.matcher(word.name["zh"], word.id) and state.matcher(word.name["en"].upper(), word.id)
        assert not state.matcher(other.name["zh"], word.id)
