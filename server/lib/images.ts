import { createHash } from 'node:crypto';
import path from 'node:path';
import type { UploadStore } from '../uploads/upload-store.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ImageExt = 'jpg' | 'png' | 'webp';

export const imageContentTypes: Record<ImageExt, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

/** The image kind by its first bytes: names and declared types are the sender's word, not a fact. */
export function detectImage(data: Buffer): ImageExt | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** The folder of the embedded default's pictures (and where pictures lay before shared storage). */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Stores the image under its SHA-256, so the same picture uploaded twice is one copy with one URL
 * (and a URL, once handed out, always means the same bytes: it can be cached forever).
 */
export async function storeImage(store: UploadStore, data: Buffer, ext: ImageExt): Promise<string> {
  const name = `${createHash('sha256').update(data).digest('hex')}.${ext}`;
  await store.put(name, imageContentTypes[ext], data);
  return `/uploads/${name}`;
}
