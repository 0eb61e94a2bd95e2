"""Every test runs headless and writes user files into a throwaway folder."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_USER = tempfile.mkdtemp(prefix="wonderland-tests-")
os.environ.setdefault("WONDERLAND_DATA_DIR", os.path.join(_USER, "data"))
os.environ.setdefault("WONDERLAND_CONFIG_DIR", os.path.join(_USER, "config"))
