"""A plain `pip install .` ships every package: pyproject.toml lists them by hand, and a
game's package missing there installs an app whose game cannot load."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_code_package_is_listed_in_pyproject():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^packages = \[(.*?)^\]", text, re.S | re.M).group(1)
    listed = set(re.findall(r'"([\w.]+)"', block))
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "wonderland_games").rglob("__init__.py")}
    assert found - listed == set()
