#!/usr/bin/env python3
"""Pixel checks of rendered diagrams (standard library only).

Usage: pixels.py OUT_DIR SVG...

For each SVG file, OUT_DIR holds `<name>.rsvg.png` and `<name>.chromium.png`, renderings at
the SVG's natural size. Each SVG is read with Python's own XML parser (expat, a second
parser besides the Rust tests' reader), and each rendering is checked where the SVG says
things are:

- board lines: every inner grid line is darker than the board beside it, at the middle of
  every square's edge that no arrow crosses;
- the board: the centre of every square without a piece, dot, highlight or arrow has the
  board's colour, with no dark pixel around it;
- highlights: a pixel inside a corner of each highlighted square (one no arrow covers) has
  the highlight colours composed over the board (alpha blending, in the order drawn);
- glyphs: the middle of every square with a piece holds dark pixels (the glyph drawn in a
  CJK font: a missing font draws nothing or an empty box), and so does every hand piece and
  side marker;
- the two renderers agree: the share of pixels that differ by more than 64 in a channel is
  small.

Prints one line per file and renderer, and exits non-zero when a check fails.
"""

import os
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

NS = "{http://www.w3.org/2000/svg}"


def read_png(path):
    """Decodes an 8-bit, non-interlaced PNG (grey, grey+alpha, RGB or RGBA) into
    (width, height, rows), each row a list of (r, g, b) tuples composed over white."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or interlace != 0 or ctype not in (0, 2, 4, 6):
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {ctype}, interlace {interlace})")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    prev = bytearray(stride)
    rows = []
    i = 0
    for _ in range(height):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ftype == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 255
        elif ftype == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif ftype == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif ftype == 4:
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                b = prev[x]
                c = prev[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        elif ftype != 0:
            raise ValueError(f"{path}: bad filter {ftype}")
        prev = line
        row = []
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            if channels == 1:
                r = g = b = px[0]
                a = 255
            elif channels == 2:
                r = g = b = px[0]
                a = px[1]
            elif channels == 3:
                r, g, b = px
                a = 255
            else:
                r, g, b, a = px
            # Transparent parts are seen over white.
            row.append(tuple((c * a + 255 * (255 - a)) // 255 for c in (r, g, b)))
        rows.append(row)
    return width, height, rows


def hex_colour(value):
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def luminance(c):
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def over(top, alpha, below):
    return tuple(t * alpha + b * (1 - alpha) for t, b in zip(top, below))


def near_polygon(x, y, pts, margin):
    """Whether (x, y) is inside the polygon or within `margin` of one of its edges."""
    inside = False
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / ((dx * dx + dy * dy) or 1)))
        if (x0 + t * dx - x) ** 2 + (y0 + t * dy - y) ** 2 <= margin * margin:
            return True
    return inside


def fill_of(el, inherited=None):
    """(rgb, alpha) of an element's fill, or the inherited one."""
    fill = el.get("fill")
    if fill is None:
        return inherited
    if fill == "none":
        return None
    return hex_colour(fill), float(el.get("fill-opacity", "1"))


class Diagram:
    """What an SVG file says is where, read with ElementTree."""

    def __init__(self, path):
        root = ET.parse(path).getroot()
        if root.tag != NS + "svg":
            raise ValueError(f"{path}: the root is {root.tag}")
        self.width = int(root.get("width"))
        self.height = int(root.get("height"))
        if root.get("viewBox") != f"0 0 {self.width} {self.height}":
            raise ValueError(f"{path}: viewBox {root.get('viewBox')}")
        groups = {}
        self.board = None
        self.background = (255, 255, 255)
        for el in root:
            cls = el.get("class")
            if el.tag == NS + "rect" and cls == "board":
                self.board = tuple(int(el.get(k)) for k in ("x", "y", "width", "height"))
                self.board_fill = hex_colour(el.get("fill"))
            elif el.tag == NS + "rect" and cls == "background":
                self.background = hex_colour(el.get("fill"))
            elif el.tag == NS + "g":
                groups[cls] = el
        self.groups = groups
        bx, by, bw, bh = self.board
        self.cw, self.ch = bw / 9, bh / 9
        grid = groups["grid"]
        self.lines = []
        for path_el in grid.iter(NS + "path"):
            for part in path_el.get("d").split("M")[1:]:
                if "v" in part:
                    start, length = part.split("v")
                    x, y = map(float, start.split())
                    self.lines.append(("v", x, y, float(length)))
                else:
                    start, length = part.split("h")
                    x, y = map(float, start.split())
                    self.lines.append(("h", x, y, float(length)))
        self.line_colour = hex_colour(grid.get("stroke"))
        # Squares as (col, row) from the top left.
        self.highlights = {}
        for rect in groups.get("highlights", []):
            cell = self.cell(float(rect.get("x")) + 1, float(rect.get("y")) + 1)
            self.highlights.setdefault(cell, []).append(fill_of(rect))
        self.pieces = set()
        pieces = groups["pieces"]
        for text in pieces:
            anchor = text.find(NS + "tspan")
            anchor = text if anchor is None else anchor
            self.pieces.add(self.cell(float(anchor.get("x")), float(anchor.get("y"))))
        self.dots = set()
        for circle in groups.get("dots", []):
            self.dots.add(self.cell(float(circle.get("cx")), float(circle.get("cy"))))
        self.marks = set()
        for text in groups.get("marks", []):
            self.marks.add(self.cell(float(text.get("x")) - 1, float(text.get("y")) - 1))
        self.arrows = []
        for poly in groups.get("arrows", []):
            self.arrows.append([tuple(map(float, p.split(","))) for p in poly.get("points").split()])
        self.hand_glyphs = []
        hands = groups["hands"]
        size = float(hands.get("font-size"))
        for text in hands:
            if text.get("text-anchor") == "end":
                continue  # a count
            fs = float(text.get("font-size", size))
            anchor = text.find(NS + "tspan")
            anchor = text if anchor is None else anchor
            self.hand_glyphs.append((float(anchor.get("x")), float(anchor.get("y")) - 0.36 * fs, fs, text.text or "".join(t.text for t in text)))

    def cell(self, x, y):
        bx, by, _, _ = self.board
        col, row = int((x - bx) // self.cw), int((y - by) // self.ch)
        if not (0 <= col < 9 and 0 <= row < 9):
            raise ValueError(f"({x}, {y}) is off the board")
        return col, row

    def cell_box(self, col, row):
        bx, by, _, _ = self.board
        x0, y0 = bx + col * self.cw, by + row * self.ch
        return x0, y0, x0 + self.cw, y0 + self.ch

    def under_arrow(self, x0, y0, x1, y1):
        """Whether an arrow (grown by the box's half size and 2 units of anti-aliasing)
        covers the centre of the box."""
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        margin = max(x1 - x0, y1 - y0) / 2 + 2
        return any(near_polygon(cx, cy, pts, margin) for pts in self.arrows)


def check(diagram, png_path, label):
    """Returns a list of failures of one rendering."""
    width, height, rows = read_png(png_path)
    failures = []
    if (width, height) != (diagram.width, diagram.height):
        return [f"size {width}x{height}, expected {diagram.width}x{diagram.height}"]

    def px(x, y):
        return rows[int(y)][int(x)]

    def dark_count(x0, y0, x1, y1, limit=110):
        n = 0
        for y in range(int(y0), int(y1)):
            row = rows[y]
            for x in range(int(x0), int(x1)):
                if luminance(row[x]) < limit:
                    n += 1
        return n

    board = diagram.board_fill
    board_lum = luminance(board)
    # Board lines: darker than the board, at the middle of each square's edge.
    sampled = dark = 0
    for kind, x, y, length in diagram.lines:
        for k in range(9):
            if kind == "v":
                sx, sy = x, y + (k + 0.5) * diagram.ch
                box = (sx - 3, sy - 3, sx + 3, sy + 3)
                values = [luminance(px(sx + d, sy)) for d in (-1, 0)]
            else:
                sx, sy = x + (k + 0.5) * diagram.cw, y
                box = (sx - 3, sy - 3, sx + 3, sy + 3)
                values = [luminance(px(sx, sy + d)) for d in (-1, 0)]
            if diagram.under_arrow(*box):
                continue
            sampled += 1
            if min(values) < board_lum - 45:
                dark += 1
    if sampled < 60 or dark != sampled:
        failures.append(f"board lines: {dark} of {sampled} samples darker than the board")

    # Empty squares: the board's colour at the centre, and no dark pixel around it.
    for col in range(9):
        for row in range(9):
            if (col, row) in diagram.pieces or (col, row) in diagram.dots or (col, row) in diagram.highlights:
                continue
            x0, y0, x1, y1 = diagram.cell_box(col, row)
            if diagram.under_arrow(x0, y0, x1, y1) or (col, row) in diagram.marks:
                continue
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            got = px(cx, cy)
            if max(abs(a - b) for a, b in zip(got, board)) > 12:
                failures.append(f"empty square {col},{row}: {got} at the centre, board {board}")
            if dark_count(cx - 12, cy - 12, cx + 12, cy + 12) > 0:
                failures.append(f"empty square {col},{row}: dark pixels")

    # Highlights: the composed colour inside the top-left corner.
    for (col, row), fills in diagram.highlights.items():
        x0, y0, x1, y1 = diagram.cell_box(col, row)
        corners = [(x0 + 3, y0 + 3), (x1 - 4, y0 + 3), (x0 + 3, y1 - 4), (x1 - 4, y1 - 4)]
        if (col, row) in diagram.marks:
            corners.pop()  # the corner of the ∞
        free = [(x, y) for x, y in corners if not diagram.under_arrow(x - 1, y - 1, x + 1, y + 1)]
        if not free:
            continue
        sx, sy = free[0]
        want = board
        for fill in fills:
            if fill is not None:
                want = over(fill[0], fill[1], want)
        got = px(sx, sy)
        if max(abs(a - b) for a, b in zip(got, want)) > 12:
            failures.append(f"highlight {col},{row}: {got}, expected {tuple(round(c) for c in want)}")

    # Pieces: dark pixels in the middle of their squares.
    for col, row in diagram.pieces:
        x0, y0, x1, y1 = diagram.cell_box(col, row)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        n = dark_count(cx - 12, cy - 12, cx + 12, cy + 12)
        if n < 25:
            failures.append(f"piece at {col},{row}: {n} dark pixels")

    # Hand pieces and markers.
    for x, cy, fs, text in diagram.hand_glyphs:
        r = fs * 0.4
        n = dark_count(x - r, cy - r, x + r, cy + r)
        if n < 20:
            failures.append(f"hand glyph {text!r} at ({x}, {cy}): {n} dark pixels")
    return failures, rows


def main():
    out_dir = sys.argv[1]
    failed = 0
    for svg in sys.argv[2:]:
        name = os.path.splitext(os.path.basename(svg))[0]
        try:
            diagram = Diagram(svg)
        except Exception as e:  # noqa: BLE001 - any reading failure fails the file
            print(f"FAIL {name}: cannot read the SVG: {e}")
            failed += 1
            continue
        renderings = {}
        for renderer in ("rsvg", "chromium"):
            png = os.path.join(out_dir, f"{name}.{renderer}.png")
            if not os.path.exists(png):
                print(f"FAIL {name} ({renderer}): no rendering")
                failed += 1
                continue
            try:
                failures, rows = check(diagram, png, renderer)
            except Exception as e:  # noqa: BLE001
                failures, rows = [f"cannot check: {e}"], None
            renderings[renderer] = rows
            if failures:
                failed += 1
                print(f"FAIL {name} ({renderer}): " + "; ".join(failures[:6]))
            else:
                print(f"ok   {name} ({renderer}): lines, board, {len(diagram.highlights)} highlighted squares, {len(diagram.pieces)} pieces, {len(diagram.hand_glyphs)} hand glyphs")
        if renderings.get("rsvg") and renderings.get("chromium"):
            a, b = renderings["rsvg"], renderings["chromium"]
            differ = sum(
                1
                for ra, rb in zip(a, b)
                for pa, pb in zip(ra, rb)
                if max(abs(x - y) for x, y in zip(pa, pb)) > 64
            )
            share = differ / (diagram.width * diagram.height)
            status = "ok  " if share < 0.03 else "FAIL"
            if share >= 0.03:
                failed += 1
            print(f"{status} {name}: rsvg and chromium differ in {share:.2%} of the pixels")
    print(f"svg pixel checks: {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
