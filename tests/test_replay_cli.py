"""`wonderland-games replay FILE`: a file that cannot be replayed is one line on stderr and exit 2,
with no window; a record or a save (finished or not) opens the replay table."""

import json
import os
import subprocess
import sys

import pytest

from wonderland_games import cli
from wonderland_games.core.game import Seat
from wonderland_games.core.records import make_record, write_record
from wonderland_games.core.session import Session
from wonderland_games.ui.testing import random_record

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def unfinished_save(tmp_path, game="oz", moves=40):
    import random

    session = Session.new(game, [Seat("甲"), Seat("乙", "bot", "easy")], seed=3, autosave=False)
    rng = random.Random(3)
    while len(session.actions) < moves:
        session.apply(rng.choice(session.state.legal_actions()))
    path = tmp_path / "save.json"
    path.write_text(json.dumps(session.to_save()), encoding="utf-8")
    return path, session


def record_file(tmp_path, game="oz"):
    path = tmp_path / f"{game}.json"
    write_record(path, random_record(game, seed=4, players=2))
    return path


def bad_files(tmp_path):
    """name -> (path, what the one line must say)."""
    good = record_file(tmp_path).read_text(encoding="utf-8")
    data = json.loads(good)
    files = {
        "binary": (b"\xc6\x00\xff\x10PNG", "the file is not text"),
        "empty": (b"", "the file is empty"),
        "truncated": (good[:len(good) // 2].encode(), "the file ends too early"),
        "not json": (b"{format: record}", "the file is damaged (not valid JSON"),
        "a list": (b"[1, 2, 3]", "not a game record or a save"),
        "other format": (json.dumps({"format": "chess-pgn"}).encode(), "not a Wonderland game record"),
        "newer": (json.dumps(dict(data, version=9)).encode(), "record version 9 is newer"),
        "illegal action": (json.dumps(dict(data, actions=[["fly"]] + data["actions"])).encode(), "is illegal"),
        "short chance": (json.dumps(dict(data, chance=data["chance"][:20])).encode(), "chance ends after 20"),
        "bad save": (json.dumps({"format": "wonderland-save", "version": 1, "game": "oz"}).encode(),
                     "the save is missing its 'seats' field"),
    }
    out = {}
    for name, (content, says) in files.items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_bytes(content)
        out[name] = (path, says)
    out["missing"] = (tmp_path / "nowhere" / "gone.json", "the file does not exist")
    out["a folder"] = (tmp_path, "the file cannot be read")
    return out


@pytest.fixture
def no_window(monkeypatch):
    """Fails the test if the GUI is started."""
    from wonderland_games.ui import main as ui_main

    def run(**kwargs):
        raise AssertionError(f"a window was opened: {kwargs}")

    monkeypatch.setattr(ui_main, "run", run)


def test_every_bad_file_is_one_line_and_exit_2(tmp_path, capsys, no_window):
    for name, (path, says) in bad_files(tmp_path).items():
        assert cli.main(["replay", str(path)]) == 2, name
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, (name, err)
        assert err.startswith(f"wonderland-games replay: {path}") and says in err, (name, err)
        assert "Traceback" not in err and "codec" not in err


def test_a_bad_file_from_the_shell_opens_no_window(tmp_path):
    """The real command in a fresh process: exit 2, one stderr line, pygame's display never started."""
    path = tmp_path / "photo.json"
    path.write_bytes(b"\xc6\x89PNG\r\n\x1a\n" + bytes(range(256)))
    probe = ("import sys\nfrom wonderland_games import cli\nrc = cli.main(sys.argv[1:])\n"
             "pg = sys.modules.get('pygame')\nprint(pg is not None and pg.display.get_init())\nsys.exit(rc)\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", probe, "replay", str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout.strip() == "False"
    assert done.stderr.splitlines() == [f"wonderland-games replay: {path}: the file is not text (binary or damaged data)"]
    missing = subprocess.run([sys.executable, "-m", "wonderland_games", "replay", str(tmp_path / "no.json")],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1 and "does not exist" in missing.stderr


def test_good_files_start_the_replay(tmp_path, monkeypatch):
    from wonderland_games.ui import main as ui_main

    started = []
    monkeypatch.setattr(ui_main, "run", lambda **kwargs: started.append(kwargs) or 0)
    save, _ = unfinished_save(tmp_path)
    for path in (record_file(tmp_path), save):
        assert cli.main(["replay", str(path)]) == 0
    assert started == [{"smoke": False, "replay": str(record_file(tmp_path))}, {"smoke": False, "replay": str(save)}]


@pytest.mark.parametrize("game", ["parade", "oz", "voyage"])
def test_an_unfinished_save_plays_in_the_replay_table(user_dirs, table_app, game):
    from wonderland_games.scenes.launch import scene_class
    from wonderland_games.scenes.menu import MenuScene
    from wonderland_games.ui import main as ui_main
    from wonderland_games.ui.testing import step

    path, session = unfinished_save(user_dirs, game, moves=12)
    table_app.push(MenuScene(table_app))
    ui_main._start_replay(table_app, str(path))
    table = table_app.top
    assert type(table) is scene_class(game) and table.record.result is None
    for _ in range(len(session.actions) + 2):  # Next past the end stays at the last action
        table.replay_next()
        step(table_app, 2)
    assert table.replay_step == 12 and table.state.to_dict() == session.state.to_dict()
    table.replay_toggle()
    step(table_app, 30)
    table.replay_prev()
    step(table_app)
    assert table.replay_step == 11 and table_app.top is table  # no results for a game that did not end


def test_a_bad_file_in_the_window_names_the_file_not_its_path(user_dirs, menu_app):
    from wonderland_games.ui import main as ui_main
    from wonderland_games.ui.dialogs import MessageDialog

    bad = user_dirs / "deep" / "folder" / "broken.json"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"\xc6\xc6\xc6")
    ui_main._start_replay(menu_app, str(bad))
    assert isinstance(menu_app.top, MessageDialog)
    assert "broken.json: the file is not text" in menu_app.top.message and str(bad.parent) not in menu_app.top.message


def test_simulate_writes_self_contained_records(tmp_path):
    from wonderland_games.core import simulate

    simulate.main(["oz", "--players", "2", "--bots", "easy,normal", "--games", "1", "--seed", "3", "--record", str(tmp_path)])
    (path,) = tmp_path.iterdir()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2 and data["chance"][0][0] == "tile"
    assert make_record("oz", data["seed"], [Seat.from_dict(s) for s in data["seats"]], None,
                       [tuple(a) for a in data["actions"]]).to_dict() == data
