"""The World Voyage table with four or five travellers: the log still reads a turn.

Issue 11: the log is tall enough to read the last turn. With four or five players the
travellers' rows took the side column down to a log of two or three entries at every
size (QA, 1920x1080, 5 players, Chinese); rows squeezed to two lines can be compact.
"""

import random

import pygame
import pytest

from wonderland_games.core.game import Seat
from wonderland_games.core.session import Session
from wonderland_games.core.settings import TEXT_SCALES
from wonderland_games.games.voyage.layout import compute
from wonderland_games.games.voyage.scene import VoyageScene

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
# whole entries in sight at every moment of rounds 2 and 3 (a traveller's turn takes two to five);
# before, both tables showed two at every size
LEAST = {4: 4, 5: 3}


@pytest.fixture(params=TEXT_SCALES, ids=lambda scale: f"text{round(scale * 100)}")
def app(table_app, request):
    """A table window at each text size the settings offer: every check holds at each."""
    table_app.set_text_scale(request.param)
    return table_app


def shown_entries(scene) -> int:
    lay, log = scene.layout, scene.log
    return len({entry for *_, (entry, _) in log.placed(log.body(lay.log, lay.s), lay.s)})


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("players", [4, 5])
def test_the_log_reads_a_turn_with_a_full_table(app, size, lang, players):
    app.i18n.set_language(lang)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    names = ["Ann", "Bob", "Carol", "Dave", "Eve"][:players]
    session = Session.new("voyage", [Seat(n) for n in names], seed=5, autosave=False)
    scene = VoyageScene(app, session)
    app.push(scene)
    scene._ensure_layout(size)
    rng = random.Random(5)
    least = []
    while session.state.round <= 3 and not session.state.is_over():
        scene.apply(rng.choice(session.state.legal_actions()))
        if session.state.round >= 2:
            least.append(shown_entries(scene))
    app.pop()
    assert min(least) >= LEAST[players], (size, lang, players, min(least))


@pytest.mark.parametrize("size", SIZES + [(2560, 1440)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_squeezed_traveller_rows_still_hold_two_readable_lines(size, players):
    """Rows too short for three lines use two (name and souvenirs / suitcase), each line at
    least 17 unscaled pixels so the name and counts stay readable."""
    lay = compute(size, players)
    for row in lay.row_rects(players):
        assert (row.height - 7 * lay.s) / 2 >= 17 * lay.s, (size, players, row)

