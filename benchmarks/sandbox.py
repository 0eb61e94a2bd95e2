"""Imported first by the balance scripts: this checkout's code on the path, no window, and
throwaway user folders, so a run never reads or writes the player's saves and settings."""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
_USER = tempfile.mkdtemp(prefix="wonderland-balance-")
os.environ.setdefault("WONDERLAND_DATA_DIR", os.path.join(_USER, "data"))
os.environ.setdefault("WONDERLAND_CONFIG_DIR", os.path.join(_USER, "config"))
