#!/usr/bin/env python3
"""Synthesises the playground's sounds, so the app ships sounds of its own:

  chomp.wav  two quick bites: a crunch of filtered noise over a falling thump
  laugh.wav  five falling "ha"s: a voice of harmonics shaped by the formants of "a"

Both are 16-bit mono PCM WAV at 22,050 Hz, short enough to play on every tap.
The noise comes from a seeded generator, so the files are reproducible:

  data/sounds/make-sounds.py          writes them next to this script
  data/sounds/make-sounds.py --check  exits 1 if the files differ from what it makes

Only the standard library is used (math, random, wave).
"""
import io
import math
import random
import sys
import wave
from pathlib import Path

RATE = 22050


def chomp():
    noise = random.Random(16)
    samples = []
    bite_length = int(0.11 * RATE)
    for bite in range(2):
        low = 0.0
        for n in range(bite_length):
            t = n / RATE
            # The crunch: white noise through a one-pole low-pass, dying fast.
            low += 0.35 * (noise.uniform(-1, 1) - low)
            crunch = low * math.exp(-t * 38)
            # The thump of the jaw: a sine falling from 150 to 60 Hz.
            frequency = 60 + 90 * math.exp(-t * 30)
            thump = math.sin(2 * math.pi * frequency * t) * math.exp(-t * 25)
            attack = min(1.0, t / 0.004)
            samples.append(attack * (0.9 * crunch + 0.6 * thump) * (1.0 if bite == 0 else 0.8))
    return samples


def laugh():
    noise = random.Random(17)
    formants = [(800, 90), (1200, 110), (2500, 160)]  # "a": frequency, bandwidth (Hz)
    samples = []
    for syllable in range(5):
        pitch = 330 - 18 * syllable
        voiced = int(0.12 * RATE)
        breath = int(0.03 * RATE)
        # The "h": breath noise before each vowel.
        for n in range(breath):
            samples.append(0.12 * noise.uniform(-1, 1) * n / breath)
        phase = 0.0
        for n in range(voiced):
            t = n / RATE
            f0 = pitch * (1 - 0.25 * t / 0.12)  # each "ha" falls in pitch
            phase += 2 * math.pi * f0 / RATE
            value = 0.0
            for k in range(1, int(3500 / f0) + 1):
                gain = sum(1 / (1 + ((k * f0 - f) / b) ** 2) for f, b in formants)
                value += gain * math.sin(k * phase) / k ** 0.5
            envelope = min(1.0, t / 0.01) * (1 - t / 0.12) ** 0.6
            samples.append(0.22 * value * envelope)
        samples.extend([0.0] * int(0.05 * RATE))
    return samples


def wav_bytes(samples):
    peak = max(abs(s) for s in samples)
    scale = 0.8 * 32767 / peak
    frames = b"".join(int(round(s * scale)).to_bytes(2, "little", signed=True) for s in samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def main():
    check = sys.argv[1:] == ["--check"]
    here = Path(__file__).resolve().parent
    stale = False
    for name, make in (("chomp", chomp), ("laugh", laugh)):
        path = here / f"{name}.wav"
        data = wav_bytes(make())
        if check:
            if not path.exists() or path.read_bytes() != data:
                print(f"make-sounds.py: {path} differs from what the script makes; run {sys.argv[0]}",
                      file=sys.stderr)
                stale = True
        else:
            path.write_bytes(data)
            print(f"wrote {path} ({len(data)} bytes)")
    if check and not stale:
        print("make-sounds.py: the sounds are up to date")
    sys.exit(1 if stale else 0)


if __name__ == "__main__":
    main()
