"""How far a save got, in the load list, the menu tiles and the resume box, is written as
its game's table writes it: Oz's round is a 回合, Voyage's and Dream Teller's a 轮, spaced
like their status lines; Parade and Valley count turns (回合, "turn") as their texts do."""

from datetime import datetime, timezone
from pathlib import Path

import pytest

from wonderland_games.core.saves import SaveInfo
from wonderland_games.scenes.launch import progress_text
from wonderland_games.ui.testing import make_app


@pytest.fixture(params=["zh", "en"])
def app(request):
    a = make_app((1024, 640), request.param)
    yield a
    a.stack.clear()


def progress(app, game, n):
    return progress_text(app, SaveInfo(Path("x.json"), None, game, datetime.now(timezone.utc), ["A"], n, False))


@pytest.mark.parametrize("n", [1, 7, 12])
def test_a_round_is_named_as_on_its_table(app, n):
    tables = {
        "oz": app.t("oz.status.round", n=n),
        "voyage": app.t("voyage.status.round", n=n, limit=99).replace("/99", ""),
        "dream": app.t("dream.table.round_title", round=n, rounds=99).replace("/99", "").replace(" of 99", ""),
    }
    for game, table in tables.items():
        assert progress(app, game, n).lower() == table.lower(), game


def test_a_turn_is_named_as_in_the_games_own_texts(app):
    word = {"zh": "回合", "en": "turn"}[app.lang]
    assert progress(app, "parade", 4) == {"zh": "第 4 回合", "en": "turn 4"}[app.lang]
    assert progress(app, "valley", 4) == progress(app, "parade", 4)
    assert word in app.t("valley.results.turns", n=4)  # "共 4 个回合" / "4 turns played"
    if app.lang == "en":
        assert app.t("parade.status.turn", name="Ann") == "Ann's turn"
