import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfName } from './upload-names.ts';
import type { OpenedUpload, UploadInfo, UploadStore } from './upload-store.ts';

/** The embedded default: files in DATA_DIR/uploads, served by the one instance that has them. */
export class FolderUploadStore implements UploadStore {
  readonly kind = 'folder';

  constructor(private readonly dir: string) {}

  async put(name: string, _contentType: string, data: Buffer): Promise<void> {
    if (await this.has(name)) return;
    await mkdir(this.dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temp = path.join(this.dir, `.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, data);
      await rename(temp, path.join(this.dir, name));
    } finally {
      await rm(temp, { force: true });
    }
  }

  async stat(name: string): Promise<UploadInfo | undefined> {
    const found = await stat(path.join(this.dir, name)).catch(() => undefined);
    return found?.isFile() ? { contentType: contentTypeOfName(name), size: found.size } : undefined;
  }

  async open(name: string): Promise<OpenedUpload | undefined> {
    const info = await this.stat(name);
    return info && { ...info, stream: createReadStream(path.join(this.dir, name)) };
  }

  async has(name: string): Promise<boolean> {
    return (await this.stat(name)) !== undefined;
  }
}
