"""No module of the app imports itself back, even inside a function (saves.py and session.py
once did: each imported the other). Read with ast, so a lazy import counts too."""

import ast
from pathlib import Path

import wonderland_games

ROOT = Path(wonderland_games.__file__).resolve().parent


def _modules() -> dict:
    """Dotted name -> file of every module in the package."""
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = ("wonderland_games",) + path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _targets(name: str, path: Path, node, modules: dict) -> set:
    """The package modules an import statement in module `name` brings in."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & modules.keys()
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    if node.level:
        package = package[:len(package) - node.level + 1]
        base = ".".join(package + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    found = set()
    for alias in node.names:
        child = f"{base}.{alias.name}"
        found.add(child if child in modules else base)  # `from . import x` names a module
    return found & modules.keys()


def import_graph() -> dict:
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges |= _targets(name, path, node, modules)
        graph[name] = edges - {name}
    return graph


def cycles(graph: dict) -> list:
    """Each import circle once, as the path that closes it."""
    found, done = [], set()

    def visit(node, trail):
        for nxt in sorted(graph[node]):
            if nxt in trail:
                found.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, trail + [nxt])
        done.add(node)

    for start in sorted(graph):
        if start not in done:
            visit(start, [start])
    return found


def test_the_graph_sees_the_saves_modules():
    graph = import_graph()
    assert "wonderland_games.core.savefile" in graph["wonderland_games.core.session"]
    assert "wonderland_games.core.session" in graph["wonderland_games.core.saves"]


def test_a_circle_is_found_when_there_is_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_module_imports_itself_back():
    assert cycles(import_graph()) == []
