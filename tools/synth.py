"""The small synthesiser behind tools/make_sounds.py and tools/make_music.py (stdlib only).

Signals are lists of floats at RATE. Everything is seeded, so a rebuild gives the
same files, and pure Python, so nothing beyond the project's own dependencies is
needed to change a sound or a tune.
"""

from __future__ import annotations

import math
import random
import re
import struct
import wave
from pathlib import Path

RATE = 22050
TAU = 2.0 * math.pi
NOTE_STEPS = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def hz(note) -> float:
    """A frequency from Hz (a number) or a note name such as "A4", "F#3" or "Bb5"."""
    if isinstance(note, (int, float)):
        return float(note)
    match = re.fullmatch(r"([A-G])([#b]?)(-?\d)", str(note).strip())
    if not match:
        raise ValueError(f"not a note: {note!r}")
    letter, accidental, octave = match.groups()
    steps = NOTE_STEPS[letter] + {"#": 1, "b": -1, "": 0}[accidental] + 12 * (int(octave) - 4)
    return 440.0 * 2.0 ** (steps / 12.0)


def samples_of(seconds: float) -> int:
    return max(0, int(round(seconds * RATE)))


# -- sources ----------------------------------------------------------------------------
def noise(rng: random.Random, seconds: float) -> list:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples_of(seconds))]


def tone(freq: float, seconds: float, partials=((1.0, 1.0),), decay: float = 0.3, attack: float = 0.004,
         glide: float = 1.0, vibrato: tuple = (0.0, 0.0), release: float = 0.0) -> list:
    """Sine partials (ratio, weight), each fading at `decay` divided by its ratio (higher
    ones die sooner, as in a struck or plucked thing); `glide` bends the pitch to
    freq * glide over the note; `vibrato` is (rate Hz, depth in semitones); `release`
    seconds of fade at the end, so a held note never stops with a click."""
    n = samples_of(seconds)
    out = [0.0] * n
    if n == 0:
        return out
    rate_v, depth_v = vibrato
    for ratio, weight in partials:
        f0 = freq * ratio
        if f0 >= RATE / 2:
            continue
        k = math.exp(-ratio / (decay * RATE)) if decay > 0 else 1.0
        amp, phase = weight, 0.0
        for i in range(n):
            t = i / RATE
            f = f0 * (glide ** (i / n) if glide != 1.0 else 1.0)
            if depth_v:
                f *= 2.0 ** (depth_v * math.sin(TAU * rate_v * t) / 12.0)
            phase += TAU * f / RATE
            out[i] += amp * math.sin(phase)
            amp *= k
    attack_n = max(1, samples_of(attack))
    for i in range(min(attack_n, n)):
        out[i] *= i / attack_n
    fade(out, release)
    return out


def thump(start: float, end: float, seconds: float, decay: float) -> list:
    """A falling sine, the body of a knock or a card landing."""
    out, phase = [], 0.0
    for i in range(samples_of(seconds)):
        t = i / RATE
        phase += TAU * (end + (start - end) * math.exp(-t / decay * 2)) / RATE
        out.append(math.sin(phase) * math.exp(-t / decay) * min(1.0, i / 20))
    return out


# -- shaping ----------------------------------------------------------------------------
def bandpass(samples: list, centre, q: float = 1.2) -> list:
    """State-variable filter; `centre` is Hz or a function of time in seconds."""
    low = band = 0.0
    out = []
    for i, x in enumerate(samples):
        f = centre(i / RATE) if callable(centre) else centre
        k = 2.0 * math.sin(math.pi * min(f, RATE / 6) / RATE)
        high = x - low - band / q
        band += k * high
        low += k * band
        out.append(band)
    return out


def lowpass(samples: list, cutoff: float) -> list:
    a = 1.0 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = []
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def envelope(samples: list, attack: float, decay: float) -> list:
    """Linear attack then exponential decay (`decay` = seconds to fall by e)."""
    out = []
    for i, x in enumerate(samples):
        t = i / RATE
        gain = t / attack if t < attack else math.exp(-(t - attack) / decay)
        out.append(x * gain)
    return out


def hump(samples: list, power: float = 2.0) -> list:
    """A swell: silent at both ends, fullest in the middle."""
    n = len(samples) or 1
    return [x * math.sin(math.pi * i / n) ** power for i, x in enumerate(samples)]


def fade(samples: list, seconds: float) -> list:
    """Fade the last `seconds` to silence, in place."""
    n = min(len(samples), samples_of(seconds))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


def add(into: list, samples: list, at: int, gain: float = 1.0) -> None:
    """Mix `samples` into `into` from sample `at`, growing it as needed."""
    need = at + len(samples)
    if need > len(into):
        into.extend([0.0] * (need - len(into)))
    for i, x in enumerate(samples):
        into[at + i] += x * gain


def peak(samples: list) -> float:
    return max((abs(x) for x in samples), default=0.0)


def loudest_rms(samples: list, window: float = 0.05) -> float:
    """The RMS of the loudest `window`-second stretch: how loud a short sound feels."""
    n = max(1, samples_of(window))
    squares = [x * x for x in samples]
    total = sum(squares[:n])
    best = total
    for i in range(n, len(squares)):
        total += squares[i] - squares[i - n]
        best = max(best, total)
    return math.sqrt(max(best, 0.0) / n)


def db(value: float) -> float:
    return 20.0 * math.log10(value) if value > 0 else -120.0


# -- files ------------------------------------------------------------------------------
def to_pcm16(samples: list) -> bytes:
    return struct.pack(f"<{len(samples)}h", *(int(round(max(-1.0, min(1.0, x)) * 32767)) for x in samples))


def write_wav(path: Path, samples: list, channels: int = 1) -> None:
    """16-bit WAV; with 2 channels, `samples` are interleaved left, right."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(samples))
