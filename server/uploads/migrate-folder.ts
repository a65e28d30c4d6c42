import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfName, isUploadName } from './upload-names.ts';
import type { UploadStore } from './upload-store.ts';

export interface FolderMigration {
  copied: number;
  alreadyStored: number;
  /** Files whose bytes no longer match their name (cut short, edited by hand): copying them would spread the damage. */
  damaged: string[];
}

/**
 * Copies the pictures an instance kept in its folder (before shared storage existed) into the shared store,
 * so the URLs already saved on products keep working on every instance. Idempotent: a picture the store
 * has is skipped, and two instances copying the same one at once store it once (UploadStore.put).
 * The files are left where they are.
 */
export async function migrateFolderUploads(folder: string, store: UploadStore): Promise<FolderMigration> {
  const names = await readdir(folder).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const result: FolderMigration = { copied: 0, alreadyStored: 0, damaged: [] };
  for (const name of names.filter(isUploadName)) {
    if (await store.has(name)) {
      result.alreadyStored += 1;
      continue;
    }
    const data = await readFile(path.join(folder, name));
    if (createHash('sha256').update(data).digest('hex') !== name.slice(0, name.indexOf('.'))) {
      result.damaged.push(name);
      continue;
    }
    await store.put(name, contentTypeOfName(name), data);
    result.copied += 1;
  }
  return result;
}
