"""Draws the app icons (PNG) without any image library: a blue tile with a white open book.
Run once: python3 scripts/make-icons.py (the PNGs are committed)."""
import struct, zlib

BLUE = (28, 93, 153)
WHITE = (255, 255, 255)

def png(path, size, maskable=False, radius_frac=0.18):
    pad = 0.2 if maskable else 0.08  # maskable icons keep their content in the safe circle
    rows = []
    r = 0 if maskable else size * radius_frac
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            # rounded tile (full bleed when maskable)
            inside = True
            cx = min(max(x, r), size - 1 - r); cy = min(max(y, r), size - 1 - r)
            if r and (x - cx) ** 2 + (y - cy) ** 2 > r * r:
                inside = False
            if not inside:
                row += bytes((0, 0, 0, 0)); continue
            u = (x / size - pad) / (1 - 2 * pad); v = (y / size - pad) / (1 - 2 * pad)
            colour = BLUE
            # open book: two pages meeting at a spine, slightly curved top edge
            if 0.12 <= u <= 0.88 and 0.25 <= v <= 0.78:
                top = 0.25 + 0.06 * abs(u - 0.5) * -1 + 0.03
                if v >= top and abs(u - 0.5) > 0.02:
                    colour = WHITE
                    # text lines on the pages
                    line = (v - 0.36) % 0.09
                    if 0.36 <= v <= 0.7 and line < 0.025 and (0.2 <= u <= 0.44 or 0.56 <= u <= 0.8):
                        colour = BLUE
            row += bytes((*colour, 255))
        rows.append(bytes(row))
    raw = b''.join(rows)
    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)

png('public/icons/icon-192.png', 192)
png('public/icons/icon-512.png', 512)
png('public/icons/icon-maskable-512.png', 512, maskable=True)
png('public/icons/apple-touch-icon.png', 180, maskable=True)
