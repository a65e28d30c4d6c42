import type { Config } from '../config.ts';
import type { UploadsRepository } from '../repositories/uploads.ts';
import { DatabaseUploadStore } from './database-store.ts';
import { FolderUploadStore } from './folder-store.ts';
import { S3UploadStore } from './s3-store.ts';
import type { UploadStore } from './upload-store.ts';

/**
 * UPLOADS_STORE when set; otherwise object storage when a bucket is configured, the database when it is
 * PostgreSQL (shared by every instance), and the folder beside the embedded database (one instance only).
 */
export function uploadStoreKind(config: Config, databaseKind: 'pglite' | 'postgres'): UploadStore['kind'] {
  if (config.uploads.store) return config.uploads.store;
  if (config.uploads.s3) return 's3';
  return databaseKind === 'postgres' ? 'database' : 'folder';
}

export function createUploadStore(
  kind: UploadStore['kind'],
  config: Config,
  { folder, repo }: { folder: string; repo: UploadsRepository },
): UploadStore {
  if (kind === 's3') {
    // The config refuses UPLOADS_STORE=s3 without S3_BUCKET; this guards a config built by hand (tests).
    if (!config.uploads.s3) throw new Error('the S3 upload store needs S3_BUCKET');
    return new S3UploadStore(config.uploads.s3);
  }
  if (kind === 'database') return new DatabaseUploadStore(repo);
  return new FolderUploadStore(folder);
}
