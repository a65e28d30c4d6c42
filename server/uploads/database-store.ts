import { Readable } from 'node:stream';
import type { UploadsRepository } from '../repositories/uploads.ts';
import type { OpenedUpload, UploadInfo, UploadStore } from './upload-store.ts';

/** Rows small enough for any driver and for memory, few enough that a 10 MB picture is 40 queries. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/** PostgreSQL (or, when asked for, the embedded database): every instance over one database serves every picture. */
export class DatabaseUploadStore implements UploadStore {
  readonly kind = 'database';

  constructor(private readonly repo: UploadsRepository) {}

  async put(name: string, contentType: string, data: Buffer): Promise<void> {
    await this.repo.insert(name, contentType, data, UPLOAD_CHUNK_BYTES);
  }

  stat(name: string): Promise<UploadInfo | undefined> {
    return this.repo.find(name);
  }

  async open(name: string): Promise<OpenedUpload | undefined> {
    const info = await this.repo.find(name);
    return info && { ...info, stream: chunkStream(this.repo, name, info.size) };
  }

  async has(name: string): Promise<boolean> {
    return (await this.repo.find(name)) !== undefined;
  }
}

/** Reads chunk 0, 1, 2… one query each, only as fast as the client takes them. */
function chunkStream(repo: UploadsRepository, name: string, size: number): Readable {
  const count = Math.ceil(size / UPLOAD_CHUNK_BYTES);
  let seq = 0;
  return new Readable({
    async read() {
      if (seq >= count) {
        this.push(null);
        return;
      }
      try {
        const chunk = await repo.chunk(name, seq);
        if (!chunk) throw new Error(`upload ${name} lacks chunk ${seq}`);
        seq += 1;
        this.push(chunk);
      } catch (err) {
        this.destroy(err as Error);
      }
    },
  });
}
