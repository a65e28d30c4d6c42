import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

/**
 * A Y4M video for Chromium's fake camera (--use-file-for-fake-video-capture): a few frames of an EAN-13 drawn by
 * bwip-js — black bars on white, as a label would show — so the app's own decoder has a real code to find.
 * 4:2:0 with flat chroma (128): grey scale, which is all a barcode needs.
 */
export function writeBarcodeVideo(file: string, code: string, { width = 640, height = 480, frames = 5 } = {}): void {
  const [drawing] = bwipjs.raw({ bcid: 'ean13', text: code }) as unknown as Array<{ sbs: number[] }>;
  if (!drawing) throw new Error(`bwip-js drew nothing for ${code}`);
  // Widths in modules, bar first, then space, alternating; 95 modules for an EAN-13.
  const modules = drawing.sbs.reduce((a, b) => a + b, 0);
  const quiet = 11;
  const scale = Math.floor(width / (modules + 2 * quiet + 10));
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor(height * 0.3);
  const bottom = Math.floor(height * 0.7);

  const luma = Buffer.alloc(width * height, 235);
  let x = left;
  drawing.sbs.forEach((w, i) => {
    const isBar = i % 2 === 0;
    if (isBar) for (let y = top; y < bottom; y++) luma.fill(16, y * width + x, y * width + x + w * scale);
    x += w * scale;
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
