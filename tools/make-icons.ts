/**
 * Draws the app icons (public/icons/*.png) without any image tool: a white ring («О» for Остаток)
 * over a stack of boxes on the menu colour. Run: node --import tsx tools/make-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgb = [number, number, number];
const bg: Rgb = [0x17, 0x21, 0x2b];
const white: Rgb = [0xff, 0xff, 0xff];
const blue: Rgb = [0x1f, 0x6f, 0xeb];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** `safe` shrinks the drawing into the central zone that maskable icons keep. */
function icon(size: number, safe: number): Buffer {
  const rows: Buffer[] = [];
  const c = size / 2;
  const outer = (size / 2) * 0.78 * safe;
  const inner = outer * 0.72;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const inBox = Math.abs(x + 0.5 - c) < inner * 0.5 && Math.abs(y + 0.5 - c) < inner * 0.5;
      const color = d <= outer && d >= inner ? white : inBox ? blue : bg;
      row.set(color, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync('public/icons/icon-192.png', icon(192, 1));
writeFileSync('public/icons/icon-512.png', icon(512, 1));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, 0.8));
writeFileSync('public/favicon.png', icon(64, 1));
