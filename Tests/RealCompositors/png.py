#!/usr/bin/env python3
"""Reads screenshots (PNG, 8-bit RGB/RGBA, non-interlaced, as grim and
weston-screenshooter write them) with the standard library only, and answers
the questions the smoke tests ask about pixels.

  png.py size SHOT                       prints "W H"
  png.py pixel SHOT X Y                  prints "R G B"
  png.py count SHOT R G B [TOL] [X0 Y0 X1 Y1]
                                         prints how many pixels are within TOL of (R,G,B)
  png.py bbox SHOT R G B [TOL] [X0 Y0 X1 Y1]
                                         prints "X0 Y0 X1 Y1" of those pixels (or "none")
  png.py crop SHOT X0 Y0 X1 Y1 OUT       writes that region of SHOT to OUT (8-bit RGB PNG)
"""
import struct
import sys
import zlib


def load(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def save(path, width, pixels):
    """Writes pixels (RGB triples, row by row) as a PNG with no filtering."""
    height = len(pixels) // width
    raw = b"".join(b"\0" + b"".join(pixels[y * width:(y + 1) * width]) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def matches(rows, bpp, x, y, rgb, tol):
    row = rows[y]
    return all(abs(row[x * bpp + k] - rgb[k]) <= tol for k in range(3))


def main(argv):
    cmd, path = argv[1], argv[2]
    width, height, bpp, rows = load(path)
    if cmd == "size":
        print(width, height)
    elif cmd == "pixel":
        x, y = int(argv[3]), int(argv[4])
        print(*rows[y][x * bpp:x * bpp + 3])
    elif cmd in ("count", "bbox"):
        rgb = tuple(int(v) for v in argv[3:6])
        tol = int(argv[6]) if len(argv) > 6 else 8
        x0, y0, x1, y1 = (int(v) for v in argv[7:11]) if len(argv) > 10 else (0, 0, width, height)
        hits = [(x, y) for y in range(max(0, y0), min(height, y1))
                for x in range(max(0, x0), min(width, x1)) if matches(rows, bpp, x, y, rgb, tol)]
        if cmd == "count":
            print(len(hits))
        elif hits:
            xs, ys = [h[0] for h in hits], [h[1] for h in hits]
            print(min(xs), min(ys), max(xs) + 1, max(ys) + 1)
        else:
            print("none")
    elif cmd == "crop":
        x0, y0, x1, y1 = (int(v) for v in argv[3:7])
        save(argv[7], x1 - x0, [rows[y][x * bpp:x * bpp + 3]
                                for y in range(y0, y1) for x in range(x0, x1)])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
