import { closeSync, fsyncSync, openSync } from 'node:fs';

/** A backup or restore that must not go on: the message says why, in Russian, for the operator. */
export class BackupError extends Error {}

/** fsync of a file or a folder by name. */
export function fsyncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
