"""Imported first by the benchmark scripts: this checkout's code on the path, no window, and
throwaway user folders, so a run never reads or writes the player's saves and settings."""

import os
import sys
import tempfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, _ROOT)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [_ROOT, os.environ.get("PYTHONPATH")]))  # child processes too
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_USER = tempfile.mkdtemp(prefix="wonderland-bench-")
os.environ.setdefault("WONDERLAND_DATA_DIR", os.path.join(_USER, "data"))
os.environ.setdefault("WONDERLAND_CONFIG_DIR", os.path.join(_USER, "config"))
