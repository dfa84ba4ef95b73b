// Draws icon.png (128x128): a white "4" on an orange rounded square, with a small check mark. Drawn here,
// pixel by pixel, so that the icon is the project's own. Run `node scripts/make-icon.mjs` to redraw it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const ORANGE = [255, 102, 0, 255];
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];

/** Coverage (0..1) of a pixel by a shape, from 4x4 samples: smooth edges. */
function coverage(x, y, inside) {
  let n = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) n++;
  return n / 16;
}

const roundedSquare = (px, py) => {
  const r = 24;
  const cx = Math.min(Math.max(px, r + 4), SIZE - r - 4);
  const cy = Math.min(Math.max(py, r + 4), SIZE - r - 4);
  return px >= 4 && py >= 4 && px <= SIZE - 4 && py <= SIZE - 4 && (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
};
/** The distance from a point to a segment. */
const toSegment = (px, py, [ax, ay], [bx, by]) => {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
};
const four = (px, py) =>
  toSegment(px, py, [74, 26], [74, 98]) <= 8 || // the stem
  toSegment(px, py, [74, 26], [34, 78]) <= 8 || // the diagonal
  toSegment(px, py, [34, 78], [94, 78]) <= 8; // the bar
const check = (px, py) => toSegment(px, py, [86, 102], [94, 110]) <= 4 || toSegment(px, py, [94, 110], [110, 90]) <= 4;

const blend = (under, over, a) => under.map((c, i) => Math.round(c * (1 - a) + over[i] * a));
const rows = [];
for (let y = 0; y < SIZE; y++) {
  const row = [0]; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const square = coverage(x, y, roundedSquare);
    let pixel = square ? [...ORANGE.slice(0, 3), Math.round(255 * square)] : CLEAR;
    const mark = Math.max(coverage(x, y, four), coverage(x, y, check));
    if (mark && square) pixel = [...blend(pixel.slice(0, 3), WHITE.slice(0, 3), mark), pixel[3]];
    row.push(...pixel);
  }
  rows.push(Buffer.from(row));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
fs.writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'icon.png'), png);
