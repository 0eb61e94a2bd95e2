"""Render the game's sound effects from tools/sounds.yaml (our own, stdlib + PyYAML only).

Each effect is a few layers of tones, noise and knocks described as data, so the
sounds are original, reproducible (seeded by name) and tiny. Writes 16-bit mono
22050 Hz WAVs to assets/sounds/, one per sound in the file:

    python tools/make_sounds.py            # all of them
    python tools/make_sounds.py gem coin   # just these
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import yaml

import synth
from synth import RATE

ROOT = Path(__file__).resolve().parent.parent
SPEC = Path(__file__).resolve().parent / "sounds.yaml"
OUT_DIR = ROOT / "assets" / "sounds"
TAIL_FADE = 0.01  # seconds faded at the very end, so no sound stops with a click


def sweep(points: list, length: float):
    """A filter centre moving through `points` (Hz), evenly spread over `length` seconds."""
    if len(points) == 1:
        return points[0]
    spans = len(points) - 1

    def centre(t: float) -> float:
        x = min(max(t / length, 0.0), 1.0) * spans
        i = min(int(x), spans - 1)
        return points[i] + (points[i + 1] - points[i]) * (x - i)

    return centre


def render_layer(kind: str, p: dict, rng: random.Random, detune: float) -> list:
    """One layer's samples; `detune` multiplies its pitch (a die's clack, one a little higher)."""
    if kind == "tone":
        freq = synth.hz(p["note"] if "note" in p else p["freq"]) * detune
        return synth.tone(freq, p["length"], [tuple(x) for x in p.get("partials", [[1, 1]])],
                          decay=p.get("decay", 0.3), attack=p.get("attack", 0.004), glide=p.get("glide", 1.0))
    if kind == "thump":
        return synth.thump(p["from"] * detune, p["to"] * detune, p["length"], p["decay"])
    if kind == "noise":
        out = synth.noise(rng, p["length"])
        if "band" in p:
            band = p["band"] if isinstance(p["band"], list) else [p["band"]]
            out = synth.bandpass(out, sweep([b * detune for b in band], p["length"]), p.get("q", 1.2))
        if "lowpass" in p:
            out = synth.lowpass(out, p["lowpass"])
        if "swell" in p:
            out = synth.hump(out, p["swell"])
        if "decay" in p:
            out = synth.envelope(out, p.get("attack", 0.002), p["decay"])
        return out
    raise ValueError(f"unknown layer kind {kind!r}")


def render(name: str, spec: dict, defaults: dict) -> list:
    rng = random.Random(f"wonderland-{name}")
    out: list = []
    for layer in spec["layers"]:
        (kind,) = [k for k in ("tone", "noise", "thump") if k in layer]
        params = layer[kind]
        rep = layer.get("repeat", {})
        gain = params.get("gain", 1.0)
        start = params.get("at", 0.0)
        for n in range(rep.get("count", 1)):
            at = start + n * rep.get("every", 0.0) + rng.uniform(0, rep.get("jitter", 0.0))
            detune = 2 ** (rng.uniform(-1, 1) * rep.get("detune", 0.0) / 12)
            layer_samples = render_layer(kind, params, rng, detune)
            synth.add(out, layer_samples, synth.samples_of(at), gain * rep.get("falloff", 1.0) ** n)
    out = synth.lowpass(out, spec.get("lowpass", defaults["lowpass"]))
    return finish(out, spec.get("loudness", defaults["loudness"]), defaults["peak"])


def finish(samples: list, loudness: float, peak: float) -> list:
    """Bring the loudest 50 ms to `loudness` dBFS RMS, never above `peak`, and fade the tail."""
    gain = 10 ** (loudness / 20) / max(synth.loudest_rms(samples), 1e-9)
    gain = min(gain, peak / max(synth.peak(samples), 1e-9))
    return synth.fade([x * gain for x in samples], TAIL_FADE)


def main(names: list) -> None:
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    sounds = spec["sounds"]
    unknown = [n for n in names if n not in sounds]
    if unknown:
        sys.exit(f"not in {SPEC.name}: {', '.join(unknown)}")
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    for name in names or sounds:
        samples = render(name, sounds[name], spec["defaults"])
        path = OUT_DIR / f"{name}.wav"
        synth.write_wav(path, samples)
        print(f"{path.name:12} {len(samples) / RATE:5.2f} s  peak {synth.db(synth.peak(samples)):6.1f} dBFS  "
              f"loudest 50 ms {synth.db(synth.loudest_rms(samples)):6.1f} dBFS  {path.stat().st_size / 1024:5.1f} KB")
    print(f"{time.monotonic() - began:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
