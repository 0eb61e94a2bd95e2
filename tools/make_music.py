"""Render the music loops from scores written as data (tools/music/*.yaml) into assets/music/.

A score gives a tempo, a length in beats, a chord progression and voices: a melody
written note by note, or a pattern played over the chords (an arpeggio, an oom-pah).
Voices are the simple synthesised instruments of tools/music/instruments.yaml.

Each loop is rendered round a circle: a note ringing past the loop's end sounds on
at its start, and the reverb runs until it repeats itself, so the last sample flows
into the first and the loop joins without a click. The loop is encoded to OGG Vorbis
with oggenc (Debian/Ubuntu: `apt-get install vorbis-tools`; only this tool needs it):

    python tools/make_music.py            # every score
    python tools/make_music.py oz dream   # just these
"""

from __future__ import annotations

import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

import synth
from synth import RATE

HERE = Path(__file__).resolve().parent
SCORES = HERE / "music"
OUT_DIR = HERE.parent / "assets" / "music"
QUALITY = "3"  # oggenc -q: about 60 kbit/s for this mono 22050 Hz music
CHORDS = {"": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10), "maj7": (0, 4, 7, 11), "m7": (0, 3, 7, 10),
          "sus2": (0, 2, 7), "sus4": (0, 5, 7), "add9": (0, 4, 7, 14), "6": (0, 4, 7, 9), "m6": (0, 3, 7, 9)}


# -- reading a score ----------------------------------------------------------------------
def expand(text: str) -> list:
    """Tokens of a line, with `( ... )*n` repeated and `|` (bar lines) dropped."""
    text = str(text)
    while "(" in text:
        text = re.sub(r"\(([^()]*)\)\*(\d+)", lambda m: " ".join([m.group(1)] * int(m.group(2))), text)
        if re.search(r"\([^()]*\)(?!\*)", text):
            raise ValueError(f"a bracket without *n in: {text}")
    return [t for t in text.replace("|", " ").split() if t]


def parse_line(text: str) -> list:
    """[(start beat, beats, [notes])] of `NOTE:beats` tokens; `r` rests, `C4+E4` a chord,
    a token without :beats keeps the last length."""
    out, beat, length = [], 0.0, 1.0
    for token in expand(text):
        pitch, _, beats = token.partition(":")
        if beats:
            length = float(eval_fraction(beats))
        if pitch != "r":
            out.append((beat, length, pitch.split("+")))
        beat += length
    return out, beat


def eval_fraction(text: str) -> float:
    num, _, den = text.partition("/")
    return float(num) / float(den or 1)


def parse_chords(text: str) -> list:
    """[(start beat, beats, root semitone from C, intervals)] of `Am:4 F:4 ...`."""
    out, beat, length = [], 0.0, 4.0
    for token in expand(text):
        name, _, beats = token.partition(":")
        if beats:
            length = eval_fraction(beats)
        match = re.fullmatch(r"([A-G][#b]?)(.*)", name)
        if not match or match.group(2) not in CHORDS:
            raise ValueError(f"not a chord: {name!r}")
        root = round(12 * math.log2(synth.hz(match.group(1) + "4") / synth.hz("C4")))
        out.append((beat, length, root, CHORDS[match.group(2)]))
        beat += length
    return out, beat


def pattern_notes(chords: list, pattern: str, step: float, octave: int) -> list:
    """A pattern of chord-tone indices (0 the root; past the chord's tones, an octave up;
    `x` the whole chord, `r` a rest) played every `step` beats through each chord."""
    tokens = expand(pattern)
    out = []
    for start, beats, root, intervals in chords:
        for n in range(int(round(beats / step))):
            token = tokens[n % len(tokens)]
            if token == "r":
                continue
            if token == "x":
                picks = list(range(len(intervals)))
            else:
                picks = [int(token)]
            semis = [intervals[i % len(intervals)] + 12 * (i // len(intervals)) for i in picks]
            base = 12 * (octave + 1) + root  # MIDI number of the root
            out.append((start + n * step, step, [midi_hz(base + s) for s in semis]))
    return out


def midi_hz(number: int) -> float:
    return 440.0 * 2 ** ((number - 69) / 12)


# -- rendering ----------------------------------------------------------------------------
class Renderer:
    """Notes of one loop mixed round a circle of `length` samples."""

    def __init__(self, length: int, instruments: dict, rng: random.Random) -> None:
        self.out = [0.0] * length
        self.instruments = instruments
        self.rng = rng
        self._cache: dict = {}

    def note(self, instrument: str, freq: float, seconds: float) -> list:
        key = (instrument, round(freq, 3), round(seconds, 3))
        if key not in self._cache:
            spec = self.instruments[instrument]
            partials = [tuple(p) for p in spec["partials"]]
            total = seconds + spec.get("tail", 0.3)
            samples = self._voice(spec, freq, partials, total)
            if spec.get("detune"):
                shifted = self._voice(spec, freq * 2 ** (spec["detune"] / 1200), partials, total)
                samples = [(a + b) * 0.5 for a, b in zip(samples, shifted)]
            self._cache[key] = samples
        return self._cache[key]

    @staticmethod
    def _voice(spec: dict, freq: float, partials: list, total: float) -> list:
        return synth.tone(freq, total, partials, decay=spec.get("decay", 1.0), attack=spec.get("attack", 0.01),
                          vibrato=tuple(spec.get("vibrato", (0.0, 0.0))), release=spec.get("release", 0.08))

    def add(self, samples: list, at: int, gain: float) -> None:
        out, n = self.out, len(self.out)
        for i, x in enumerate(samples):
            out[(at + i) % n] += x * gain


def reverb(loop: list, mix: float) -> list:
    """A small room (four combs, two all-passes) run round the loop until its tail repeats
    itself: three turns, keeping the last, so the echo of the end is heard at the start."""
    if mix <= 0:
        return loop
    signal = loop * 3
    wet = [0.0] * len(signal)
    for delay, feedback in ((1116, 0.78), (1188, 0.77), (1277, 0.76), (1356, 0.75)):
        d = delay // 2  # the classic delays are for 44.1 kHz
        line = [0.0] * len(signal)
        low = 0.0
        for i, x in enumerate(signal):
            back = line[i - d] if i >= d else 0.0
            low = back * 0.6 + low * 0.4  # damping: the room darkens as it fades
            line[i] = x + low * feedback
            wet[i] += back * 0.25
    for delay in (278, 110):
        line, out = [0.0] * len(wet), [0.0] * len(wet)
        for i, x in enumerate(wet):
            back = line[i - delay] if i >= delay else 0.0
            line[i] = x + back * 0.5
            out[i] = back - x * 0.5
        wet = out
    n = len(loop)
    return [dry + mix * w for dry, w in zip(loop, wet[2 * n:])]


def circular_lowpass(loop: list, cutoff: float) -> list:
    """A gentle low-pass with no seam: run twice round, keep the second turn."""
    return synth.lowpass(loop * 2, cutoff)[len(loop):]


def render(score: dict, instruments: dict, name: str) -> list:
    seconds_per_beat = 60.0 / score["tempo"]
    beats = score["beats"]
    length = int(round(beats * seconds_per_beat * RATE))
    rng = random.Random(f"wonderland-music-{name}")
    loop = Renderer(length, instruments, rng)
    chords, chord_beats = parse_chords(score["chords"]) if "chords" in score else ([], beats)
    if chords and abs(chord_beats - beats) > 1e-6:
        raise ValueError(f"{name}: the chords last {chord_beats} beats, the loop {beats}")
    for voice_name, voice in score["voices"].items():
        if "line" in voice:
            notes, total = parse_line(voice["line"])
            if abs(total - beats) > 1e-6:
                raise ValueError(f"{name}.{voice_name}: the line lasts {total} beats, the loop {beats}")
            notes = [(b, n, [synth.hz(p) for p in pitches]) for b, n, pitches in notes]
        else:
            notes = pattern_notes(chords, voice["pattern"], voice.get("step", 1.0), voice.get("octave", 4))
        legato = voice.get("legato", 0.92)
        swing, human = voice.get("swing", 0.0), voice.get("human", 0.008)
        for beat, dur, freqs in notes:
            if swing and (beat * 2) % 2 == 1:
                beat += swing
            accent = accent_of(voice, beat)
            at = int(round((beat * seconds_per_beat + rng.uniform(-human, human)) * RATE)) % length
            gain = voice.get("gain", 0.5) * accent * rng.uniform(0.88, 1.0) / max(1, len(freqs)) ** 0.5
            for freq in freqs:
                loop.add(loop.note(voice["instrument"], freq, dur * seconds_per_beat * legato), at, gain)
    mixed = reverb(loop.out, score.get("reverb", 0.3))
    mixed = circular_lowpass(mixed, score.get("lowpass", 5000))
    return level(mixed, score.get("loudness", -21.0))


def accent_of(voice: dict, beat: float) -> float:
    """How strongly a note falls: `accents` per beat of the bar (the first the downbeat),
    `offbeat` for a note between beats."""
    accents = voice.get("accents", [1.0])
    return accents[int(beat) % len(accents)] if beat == int(beat) else voice.get("offbeat", 0.8)


def level(samples: list, loudness: float) -> list:
    """RMS at `loudness` dBFS, never above -3 dBFS peak: calm, the same from game to game."""
    rms = (sum(x * x for x in samples) / len(samples)) ** 0.5
    gain = min(10 ** (loudness / 20) / max(rms, 1e-9), 0.7 / max(synth.peak(samples), 1e-9))
    return [x * gain for x in samples]


def encode(samples: list, path: Path) -> None:
    """OGG Vorbis through oggenc, from a WAV in a temporary folder."""
    oggenc = shutil.which("oggenc")
    if oggenc is None:
        sys.exit("oggenc not found: install vorbis-tools (apt-get install vorbis-tools)")
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "loop.wav"
        synth.write_wav(wav, samples)
        # a fixed stream serial: the same score gives the same file
        subprocess.run([oggenc, "-Q", "-q", QUALITY, "--serial", "27", "-o", str(path), str(wav)], check=True)


def seam_report(loop: list) -> str:
    """How sharply the wave bends across the seam, beside how sharply it bends inside the loop
    99% of the time: no larger, no click (tests/test_music.py checks the encoded file)."""
    bends = sorted(abs(loop[i + 1] - 2 * loop[i] + loop[i - 1]) for i in range(1, len(loop) - 1))
    seam = max(abs(loop[0] - 2 * loop[-1] + loop[-2]), abs(loop[1] - 2 * loop[0] + loop[-1]))
    return f"seam bend {seam * 32767:4.0f} (inside, 99%: {bends[int(len(bends) * 0.99)] * 32767:4.0f})"


def main(names: list) -> None:
    instruments = yaml.safe_load((SCORES / "instruments.yaml").read_text(encoding="utf-8"))
    scores = sorted(p for p in SCORES.glob("*.yaml") if p.stem != "instruments")
    if names:
        scores = [p for p in scores if p.stem in names]
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    for path in scores:
        start = time.monotonic()
        score = yaml.safe_load(path.read_text(encoding="utf-8"))
        samples = render(score, instruments, path.stem)
        out = OUT_DIR / f"{path.stem}.ogg"
        encode(samples, out)
        rms = (sum(x * x for x in samples) / len(samples)) ** 0.5
        print(f"{out.name:12} {len(samples) / RATE:5.1f} s  peak {synth.db(synth.peak(samples)):5.1f} dBFS  "
              f"RMS {synth.db(rms):5.1f} dBFS  {seam_report(samples)}  "
              f"{out.stat().st_size / 1024:6.1f} KB  ({time.monotonic() - start:.1f} s)")
    print(f"{time.monotonic() - began:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
