/**
 * Draws the app icons into public/icons/ (run once after changing the mark:
 * `npx tsx web/pwa/make-icons.ts`). The PNGs are committed; the build only copies them.
 * The mark is the favicon's: a white "B" on the brand blue (--color-brand in web/styles/tokens.css).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const BRAND: Rgb = [0x1d, 0x4e, 0xd8];
const WHITE: Rgb = [0xff, 0xff, 0xff];

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

/** One stroke of the mark, in a 64-unit square (the favicon's viewBox). */
type Stroke =
  | { kind: 'line'; from: Point; to: Point }
  /** The right half of a circle (a bowl of the "B"). */
  | { kind: 'bowl'; centre: Point; radius: number };

const STROKE_WIDTH = 5;
const MARK: Stroke[] = [
  { kind: 'line', from: [21, 16], to: [21, 48] },
  { kind: 'line', from: [21, 16], to: [33, 16] },
  { kind: 'bowl', centre: [33, 23.5], radius: 7.5 },
  { kind: 'line', from: [21, 31], to: [35, 31] },
  { kind: 'bowl', centre: [35, 39.5], radius: 8.5 },
  { kind: 'line', from: [21, 48], to: [35, 48] },
];

function distanceToStroke([x, y]: Point, stroke: Stroke): number {
  if (stroke.kind === 'line') {
    const [ax, ay] = stroke.from;
    const [bx, by] = stroke.to;
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
  }
  const [cx, cy] = stroke.centre;
  if (x >= cx) return Math.abs(Math.hypot(x - cx, y - cy) - stroke.radius);
  // Left of the centre the bowl has ended: the nearest point is one of its two ends.
  return Math.min(Math.hypot(x - cx, y - (cy - stroke.radius)), Math.hypot(x - cx, y - (cy + stroke.radius)));
}

/** Signed distance to a rounded square of half-size `half` and corner radius `radius` (centred at 0). */
function roundedSquareDistance(x: number, y: number, half: number, radius: number): number {
  const qx = Math.abs(x) - half + radius;
  const qy = Math.abs(y) - half + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

interface IconOptions {
  size: number;
  /** Full-bleed opaque square (maskable, Apple) instead of a rounded tile on transparency. */
  fullBleed: boolean;
  /** Scale of the mark: below 1 it keeps clear of a maskable icon's cropped edge. */
  markScale: number;
}

/** RGBA pixels, anti-aliased by distance: a pixel's coverage is how far its centre is inside. */
function drawIcon({ size, fullBleed, markScale }: IconOptions): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const unitsPerPixel = 64 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) * unitsPerPixel;
      const y = (py + 0.5) * unitsPerPixel;
      const tile = fullBleed ? 1 : clamp01(0.5 - roundedSquareDistance(x - 32, y - 32, 32, 14) / unitsPerPixel);
      // The mark is scaled about the centre of the square.
      const mark: Point = [32 + (x - 32) / markScale, 32 + (y - 32) / markScale];
      const distance = Math.min(...MARK.map((stroke) => distanceToStroke(mark, stroke))) * markScale;
      const ink = clamp01((STROKE_WIDTH / 2 - distance) / unitsPerPixel + 0.5);
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round(BRAND[c]! + (WHITE[c]! - BRAND[c]!) * ink);
      pixels[offset + 3] = Math.round(tile * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** An 8-bit RGBA PNG (colour type 6), each row unfiltered. */
export function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The maskable icon's safe zone is the centred circle of 40 % radius; at 0.8 the mark's farthest
// corner sits at about 29 % from the centre, well inside it.
const ICONS: Record<string, IconOptions> = {
  'icon-192.png': { size: 192, fullBleed: false, markScale: 1 },
  'icon-512.png': { size: 512, fullBleed: false, markScale: 1 },
  'icon-maskable-512.png': { size: 512, fullBleed: true, markScale: 0.8 },
  // iOS rounds the corners itself and shows transparency as black.
  'apple-touch-icon-180.png': { size: 180, fullBleed: true, markScale: 0.9 },
};

const outDir = path.resolve(import.meta.dirname, '../../public/icons');
mkdirSync(outDir, { recursive: true });
for (const [name, options] of Object.entries(ICONS)) {
  writeFileSync(path.join(outDir, name), encodePng(options.size, drawIcon(options)));
  console.log(`public/icons/${name} (${options.size} px)`);
}
