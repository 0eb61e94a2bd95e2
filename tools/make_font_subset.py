"""Build the bundled Chinese-capable font: a subset of Noto Sans SC (OFL).

pygame's default font has no CJK glyphs, and the full Noto Sans SC is ~8.5 MB
per weight. Keeping Latin, UI symbols and all GB2312 hanzi (so players can type
Chinese names) gives a file of about a quarter of that. Hinting and layout
features other than kerning are dropped: pygame renders neither.

Build tool only (needs fonttools, not a runtime dependency):

    /work/venv/bin/pip install fonttools
    /work/venv/bin/python tools/make_font_subset.py [SOURCE_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "fonts"
DEFAULT_SOURCE = Path(sys.prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages" / "pygame_gui" / "data"
WEIGHTS = ("Regular", "Bold")

# Unicode blocks kept whole (start, end inclusive).
RANGES = [
    (0x0020, 0x007E),  # printable ASCII
    (0x00A0, 0x00FF),  # Latin-1 supplement
    (0x2000, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (− ≤ ≥ ...)
    (0x2460, 0x24FF),  # enclosed alphanumerics (① ②)
    (0x2500, 0x257F),  # box drawing
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols (☆ ♠ ♥)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
]


def gb2312_chars() -> set[str]:
    """Every character GB2312 can encode (its 94x94 grid), hanzi included."""
    chars = set()
    for row in range(0xA1, 0xFF):
        for col in range(0xA1, 0xFF):
            try:
                chars.add(bytes((row, col)).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return chars


def wanted_codepoints() -> set[int]:
    points = {cp for start, end in RANGES for cp in range(start, end + 1)}
    points |= {ord(ch) for ch in gb2312_chars()}
    return points


def subset_font(source: Path, target: Path, codepoints: set[int]) -> None:
    options = subset.Options()
    options.layout_features = ["kern"]
    options.hinting = False
    options.desubroutinize = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["VORG", "vhea", "vmtx"]
    font = TTFont(source)
    available = set(font.getBestCmap())
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints & available)
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)
    print(f"{target.relative_to(ROOT)}: {len(codepoints & available)} characters, {target.stat().st_size / 1e6:.2f} MB")


def find_source(folder: Path, weight: str) -> Path:
    path = folder / f"NotoSansSC-{weight}.otf"
    if not path.is_file():
        raise SystemExit(f"missing {path}; pass the folder holding NotoSansSC-{weight}.otf")
    return path


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else DEFAULT_SOURCE
    codepoints = wanted_codepoints()
    for weight in WEIGHTS:
        subset_font(find_source(folder, weight), OUT_DIR / f"NotoSansSC-{weight}.otf", codepoints)


if __name__ == "__main__":
    main(sys.argv[1:])
