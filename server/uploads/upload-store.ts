import type { Readable } from 'node:stream';

/** What a reader needs before the bytes: the answer's headers. */
export interface UploadInfo {
  contentType: string;
  size: number;
}

export interface OpenedUpload extends UploadInfo {
  stream: Readable;
}

/**
 * Where uploaded pictures are kept. Names are content hashes (upload-names.ts), so a name always means
 * the same bytes: putting a name twice, or from two instances at once, is harmless and keeps one copy.
 */
export interface UploadStore {
  readonly kind: 'folder' | 'database' | 's3';
  put(name: string, contentType: string, data: Buffer): Promise<void>;
  /** The headers without the bytes (a HEAD request); undefined when no such picture is stored. */
  stat(name: string): Promise<UploadInfo | undefined>;
  /** The stream starts reading only when consumed; undefined when no such picture is stored. */
  open(name: string): Promise<OpenedUpload | undefined>;
  has(name: string): Promise<boolean>;
  close?(): Promise<void>;
}
