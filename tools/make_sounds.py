"""Synthesise the game's sound effects (our own, stdlib only).

Each effect is a few lines of noise, filters and sine partials, so the sounds
are original, reproducible (fixed seed) and tiny. Writes 16-bit mono 22050 Hz
WAVs to assets/sounds/:

    /work/venv/bin/python tools/make_sounds.py
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def bandpass(samples: list[float], centre, q: float = 1.2) -> list[float]:
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


def lowpass(samples: list[float], cutoff: float) -> list[float]:
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def envelope(samples: list[float], attack: float, decay: float) -> list[float]:
    """Linear attack then exponential decay (`decay` = seconds to fall by e)."""
    out = []
    for i, x in enumerate(samples):
        t = i / RATE
        gain = t / attack if t < attack else math.exp(-(t - attack) / decay)
        out.append(x * gain)
    return out


def tone(freq: float, seconds: float, partials=((1.0, 1.0),), decay: float = 0.3, attack: float = 0.004) -> list[float]:
    """A struck tone: sine partials (ratio, weight), higher ones fading faster."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        value = sum(w * math.sin(2 * math.pi * freq * r * t) * math.exp(-t * r / decay) for r, w in partials)
        out.append(value * min(1.0, t / attack))
    return out


def mix(*layers: tuple[float, list[float], float]) -> list[float]:
    """Sum (start seconds, samples, gain) layers."""
    length = max(int(start * RATE) + len(s) for start, s, _ in layers)
    out = [0.0] * length
    for start, samples, gain in layers:
        offset = int(start * RATE)
        for i, x in enumerate(samples):
            out[offset + i] += x * gain
    return out


def normalise(samples: list[float], peak: float) -> list[float]:
    top = max(abs(x) for x in samples) or 1.0
    fade = int(0.01 * RATE)
    out = [x * peak / top for x in samples]
    for i in range(min(fade, len(out))):
        out[-1 - i] *= i / fade
    return out


def play(rng: random.Random) -> list[float]:
    thump = envelope([math.sin(2 * math.pi * (95 + 60 * math.exp(-i / 300)) * i / RATE) for i in range(int(0.18 * RATE))], 0.002, 0.035)
    paper = envelope(bandpass(noise(rng, 0.14), 1800, 0.8), 0.003, 0.025)
    return normalise(mix((0, thump, 1.0), (0, paper, 0.7)), 0.7)


def take(rng: random.Random) -> list[float]:
    layers = []
    for n in range(7):
        flick = envelope(bandpass(noise(rng, 0.06), 1600 + 300 * rng.random(), 1.8), 0.002, 0.012)
        layers.append((0.035 * n + 0.008 * rng.random(), flick, 0.6 + 0.4 * math.sin(math.pi * n / 6)))
    sweep = noise(rng, 0.36)
    sweep = bandpass(sweep, lambda t: 600 + 1400 * t / 0.36, 1.2)
    sweep = [x * math.sin(math.pi * i / len(sweep)) ** 2 for i, x in enumerate(sweep)]
    return normalise(mix(*layers, (0, sweep, 0.5)), 0.6)


def draw(rng: random.Random) -> list[float]:
    flick = bandpass(noise(rng, 0.09), lambda t: 1200 + 22000 * t, 2.0)
    return normalise(envelope(flick, 0.01, 0.02), 0.55)


def click(rng: random.Random) -> list[float]:
    tick = tone(1800, 0.04, ((1.0, 1.0), (2.7, 0.3)), decay=0.008, attack=0.0005)
    body = envelope(lowpass(noise(rng, 0.03), 3000), 0.0005, 0.004)
    return normalise(mix((0, tick, 1.0), (0, body, 0.4)), 0.5)


def end(rng: random.Random) -> list[float]:
    bell = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05))
    notes = [(0.00, 523.25), (0.11, 659.25), (0.22, 783.99), (0.33, 1046.5)]
    layers = [(start, tone(freq, 0.9 - start, bell, decay=0.35), 0.8) for start, freq in notes]
    layers.append((0.33, tone(783.99, 0.57, bell, decay=0.4), 0.4))
    layers.append((0.33, tone(659.25, 0.57, bell, decay=0.4), 0.4))
    return normalise(mix(*layers), 0.6)


def curtain(rng: random.Random) -> list[float]:
    length = 0.6
    swoosh = bandpass(noise(rng, length), lambda t: 300 + 1100 * math.sin(math.pi * t / length), 1.6)
    swoosh = [x * math.sin(math.pi * i / len(swoosh)) ** 1.5 for i, x in enumerate(swoosh)]
    return normalise(lowpass(lowpass(swoosh, 2200), 2200), 0.5)


def tick(rng: random.Random) -> list[float]:
    """The sand glass's last seconds: a dry wood-block tock, lower and hollower than a click."""
    block = tone(1250, 0.09, ((1.0, 1.0), (2.76, 0.45), (5.4, 0.15)), decay=0.02, attack=0.0008)
    knock = envelope(bandpass(noise(rng, 0.05), 900, 1.5), 0.0005, 0.006)
    return normalise(mix((0, block, 1.0), (0, knock, 0.5)), 0.55)


def alarm(rng: random.Random) -> list[float]:
    """The sand has run out: a small bell struck three times, the last left to ring."""
    bell = ((1.0, 1.0), (2.4, 0.4), (3.9, 0.18), (5.1, 0.08))
    layers = [(start, tone(1318.5, length, bell, decay=decay), gain)
              for start, length, decay, gain in ((0.0, 0.3, 0.12, 0.9), (0.22, 0.3, 0.12, 0.9),
                                                 (0.44, 0.9, 0.32, 1.0))]
    layers.append((0.44, tone(659.25, 0.9, bell, decay=0.35), 0.35))
    return normalise(mix(*layers), 0.65)


EFFECTS = {"play": play, "take": take, "draw": draw, "click": click, "end": end, "curtain": curtain, "tick": tick,
           "alarm": alarm}


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, x)) * 32767)) for x in samples))


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        samples = make(random.Random(f"wonderland-{name}"))
        path = OUT_DIR / f"{name}.wav"
        write_wav(path, samples)
        print(f"{path.name}: {len(samples) / RATE:.2f} s, {path.stat().st_size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
