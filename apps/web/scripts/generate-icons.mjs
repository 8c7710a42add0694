// Writes the PWA icons (public/icons/*.png) with no dependencies and no network: a teal tile,
// a white ring and an amber check mark, the same picture as public/favicon.svg.
// Run: node apps/web/scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [0x00, 0x79, 0x6b];
const WHITE = [0xff, 0xff, 0xff];
const AMBER = [0xff, 0xc1, 0x07];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The colour at a point of the 64-unit design grid, or null outside the tile. */
function colourAt(x, y, { rounded, scale }) {
  // Maskable icons keep their content in the inner 80 %: shrink the drawing around the centre.
  const u = 32 + (x - 32) / scale;
  const v = 32 + (y - 32) / scale;
  if (rounded) {
    const r = 14;
    const cx = Math.min(Math.max(x, r), 64 - r);
    const cy = Math.min(Math.max(y, r), 64 - r);
    if (Math.hypot(x - cx, y - cy) > r) return null;
  }
  const check = [
    [23, 32.5],
    [29.5, 39],
    [42, 26],
  ];
  if (
    Math.min(
      distanceToSegment(u, v, check[0], check[1]),
      distanceToSegment(u, v, check[1], check[2]),
    ) <= 3
  ) {
    return AMBER;
  }
  if (Math.abs(Math.hypot(u - 32, v - 32) - 19) <= 2.5) return WHITE;
  return TEAL;
}

function render(size, options) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const colour = colourAt(x, y, options);
          if (!colour) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 255;
        }
      }
      const covered = sum[3] / 255;
      const offset = (py * size + px) * 4;
      if (covered > 0) {
        rgba[offset] = Math.round(sum[0] / covered);
        rgba[offset + 1] = Math.round(sum[1] / covered);
        rgba[offset + 2] = Math.round(sum[2] / covered);
      }
      rgba[offset + 3] = Math.round(sum[3] / (samples * samples));
    }
  }
  return encodePng(size, rgba);
}

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const icons = {
  'icon-192.png': [192, { rounded: true, scale: 1 }],
  'icon-512.png': [512, { rounded: true, scale: 1 }],
  'icon-maskable-512.png': [512, { rounded: false, scale: 0.75 }],
  'apple-touch-icon-180.png': [180, { rounded: false, scale: 0.9 }],
};
for (const [name, [size, options]] of Object.entries(icons)) {
  writeFileSync(new URL(name, outDir), render(size, options));
  console.log(`wrote public/icons/${name}`);
}
