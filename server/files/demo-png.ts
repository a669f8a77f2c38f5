/**
 * Small pictures for the demo's portfolio work (FILE blocks and image cards), drawn from code so the
 * repository ships no binary files: a photographed poster on a classroom wall, in one of a few
 * colour schemes and layouts. Plain PNG (RGB, deflate), written by hand; node:zlib does the deflate.
 */
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const WIDTH = 320;
const HEIGHT = 240;

interface Scheme {
  wall: Rgb;
  poster: Rgb;
  accent: Rgb;
  ink: Rgb;
}

const SCHEMES: readonly Scheme[] = [
  { wall: [214, 226, 236], poster: [255, 252, 240], accent: [226, 87, 76], ink: [60, 64, 72] },
  { wall: [232, 222, 206], poster: [250, 250, 250], accent: [46, 134, 171], ink: [50, 50, 60] },
  { wall: [206, 228, 214], poster: [255, 248, 225], accent: [242, 153, 74], ink: [70, 60, 50] },
  { wall: [228, 214, 232], poster: [245, 250, 255], accent: [94, 160, 90], ink: [45, 55, 70] },
];

class Canvas {
  readonly px = new Uint8Array(WIDTH * HEIGHT * 3);

  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    for (let j = Math.max(0, y); j < Math.min(HEIGHT, y + h); j++) {
      for (let i = Math.max(0, x); i < Math.min(WIDTH, x + w); i++) this.set(i, j, c);
    }
  }

  circle(cx: number, cy: number, r: number, c: Rgb): void {
    for (let j = cy - r; j <= cy + r; j++) {
      for (let i = cx - r; i <= cx + r; i++) if ((i - cx) ** 2 + (j - cy) ** 2 <= r * r) this.set(i, j, c);
    }
  }

  /** Vertical light falloff over the wall, so it reads as a photo rather than a flat drawing. */
  shade(): void {
    for (let j = 0; j < HEIGHT; j++) {
      const f = 1 - (0.12 * Math.abs(j - HEIGHT * 0.4)) / HEIGHT;
      for (let i = 0; i < WIDTH; i++)
        for (let k = 0; k < 3; k++) this.px[(j * WIDTH + i) * 3 + k] = Math.round((this.px[(j * WIDTH + i) * 3 + k] ?? 0) * f);
    }
  }

  private set(i: number, j: number, [r, g, b]: Rgb): void {
    if (i < 0 || j < 0 || i >= WIDTH || j >= HEIGHT) return;
    const o = (j * WIDTH + i) * 3;
    this.px[o] = r;
    this.px[o + 1] = g;
    this.px[o + 2] = b;
  }
}

/** What a tablet shows of a photographed poster: the drawing scaled up to this, with camera grain. */
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;

/**
 * Picture `n` as a student's photo would come in: 800 × 600 with grain, so it weighs what a photo
 * weighs (about 0.5 MB, not the few kB of a flat drawing) and the offline copy's size is real.
 * Kept per process: the seed sizes it and the start-up job writes it.
 */
const rendered = new Map<number, Uint8Array>();
export function renderDemoPng(n: number): Uint8Array {
  let png = rendered.get(n);
  if (!png) {
    png = encodePng(photo(drawing(n), n), PHOTO_WIDTH, PHOTO_HEIGHT);
    rendered.set(n, png);
  }
  return png;
}

/** Nearest-neighbour scaling plus a small deterministic noise per pixel (xorshift, seeded by n). */
function photo(px: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  let x = (n + 1) * 2654435761;
  for (let j = 0; j < PHOTO_HEIGHT; j++) {
    const sj = Math.floor((j * HEIGHT) / PHOTO_HEIGHT);
    for (let i = 0; i < PHOTO_WIDTH; i++) {
      const si = Math.floor((i * WIDTH) / PHOTO_WIDTH);
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const grain = (x & 7) - 3;
      for (let k = 0; k < 3; k++)
        out[(j * PHOTO_WIDTH + i) * 3 + k] = Math.max(0, Math.min(255, (px[(sj * WIDTH + si) * 3 + k] ?? 0) + grain));
    }
  }
  return out;
}

/** Picture `n` (any integer): scheme and layout cycle, so neighbouring items look different. */
function drawing(n: number): Uint8Array {
  const s = SCHEMES[Math.abs(n) % SCHEMES.length] as Scheme;
  const layout = Math.abs(n) % 3;
  const c = new Canvas();
  c.rect(0, 0, WIDTH, HEIGHT, s.wall);
  c.rect(0, 200, WIDTH, 40, [s.wall[0] - 40, s.wall[1] - 40, s.wall[2] - 40]);
  // The poster, with a shadow and a title bar.
  c.rect(58, 22, 210, 170, [150, 150, 150]);
  c.rect(52, 16, 210, 170, s.poster);
  c.rect(52, 16, 210, 26, s.accent);
  c.rect(64, 25, 120, 8, s.poster);
  if (layout === 0) {
    // A picture and lines of text beside it.
    c.circle(100, 90, 32, s.accent);
    c.circle(100, 90, 20, s.poster);
    for (let k = 0; k < 6; k++) c.rect(146, 60 + k * 14, 100 - (k % 3) * 18, 5, s.ink);
    for (let k = 0; k < 3; k++) c.rect(66, 140 + k * 13, 180 - k * 30, 5, s.ink);
  } else if (layout === 1) {
    // A bar chart.
    const bars = [60, 95, 40, 120, 80];
    bars.forEach((h, k) => c.rect(76 + k * 36, 172 - h, 24, h, k % 2 ? s.ink : s.accent));
    c.rect(68, 172, 180, 3, s.ink);
  } else {
    // A mind map: a centre and four branches.
    c.circle(157, 108, 22, s.accent);
    for (const [x, y] of [
      [90, 70],
      [224, 70],
      [90, 150],
      [224, 150],
    ] as const) {
      c.rect(Math.min(x, 157), y, Math.abs(157 - x), 3, s.ink);
      c.rect(x - 22, y - 10, 44, 20, s.ink);
      c.rect(x - 19, y - 7, 38, 14, s.poster);
    }
  }
  // Pins in the corners.
  for (const [x, y] of [
    [58, 22],
    [256, 22],
  ] as const)
    c.circle(x, y, 4, [200, 40, 40]);
  c.shade();
  return c.px;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function encodePng(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', new Uint8Array(0))]),
  );
}
