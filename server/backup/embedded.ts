import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { createDurablePglite, fsyncTree } from '../db/durability.ts';
import { lockDataFolder } from '../db/folder-lock.ts';
import { BackupError, fsyncFile } from './backup-error.ts';

/*
 * The embedded engine's backup: one zip of DATA_DIR — the database folder as PGlite's own tarball (db.tar), the
 * generated secrets (secrets.json: without its key the sealed marketplace keys of the copy cannot be read) and the
 * uploaded pictures (uploads/). A copy of a folder a running server writes is not consistent, so the tool takes
 * the folder's lock (server/db/folder-lock.ts) and refuses while the server runs.
 */

const MANIFEST = 'ostatok-backup.json';

export interface EmbeddedBackupSummary {
  databaseBytes: number;
  pictures: number;
  secrets: boolean;
}

export async function backupEmbedded(dataDir: string, outFile: string): Promise<EmbeddedBackupSummary> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION')))
    throw new BackupError(`В ${dbDir} нет базы: нечего копировать (DATA_DIR указан верно?)`);
  const lock = lockOrExplain(dbDir, 'backup');
  try {
    const client = await createDurablePglite(dbDir);
    let tar: Uint8Array;
    try {
      // A checkpoint first: the copy then needs no WAL replay to open.
      await client.exec('checkpoint');
      tar = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    } finally {
      await client.close();
    }
    const files: Zippable = {
      [MANIFEST]: new TextEncoder().encode(JSON.stringify({ format: 1, engine: 'embedded', at: new Date() })),
      'db.tar': [tar, { level: 6 }],
    };
    const secretsFile = path.join(dataDir, 'secrets.json');
    const secrets = existsSync(secretsFile);
    if (secrets) files['secrets.json'] = readFileSync(secretsFile);
    const pictures = addFolder(files, path.join(dataDir, 'uploads'), 'uploads');
    writeDurably(outFile, zipSync(files, { level: 0 }));
    return { databaseBytes: tar.length, pictures, secrets };
  } finally {
    lock.release();
  }
}

export async function restoreEmbedded(dataDir: string, fromFile: string): Promise<EmbeddedBackupSummary> {
  const entries = unzipSync(readFileSync(fromFile));
  if (!entries[MANIFEST] || !entries['db.tar'])
    throw new BackupError(`${fromFile} — не резервная копия встроенной базы Остатка (нет ${MANIFEST} или db.tar)`);
  const dbDir = path.join(dataDir, 'db');
  if (existsSync(dbDir) && readdirSync(dbDir).length > 0)
    throw new BackupError(`Папка ${dbDir} не пуста: восстановление пишет только в пустой DATA_DIR`);
  const secretsFile = path.join(dataDir, 'secrets.json');
  const secrets = entries['secrets.json'];
  if (secrets && existsSync(secretsFile) && !readFileSync(secretsFile).equals(Buffer.from(secrets)))
    throw new BackupError(
      `В ${secretsFile} другие секреты, чем в копии: уберите этот файл или возьмите пустой DATA_DIR`,
    );
  mkdirSync(dbDir, { recursive: true });
  const lock = lockOrExplain(dbDir, 'restore');
  try {
    const tar = entries['db.tar'];
    const client = await createDurablePglite(dbDir, new Blob([tar as Uint8Array<ArrayBuffer>]));
    // Opening replays what the copy needs; a clean shutdown then leaves the folder ready, and fsyncTree puts the
    // unpacked files on disk (PGlite wrote them without syncing).
    await client.query('select 1');
    await client.close();
    fsyncTree(dbDir);
    let pictures = 0;
    for (const [name, bytes] of Object.entries(entries)) {
      if (!name.startsWith('uploads/') || name.endsWith('/')) continue;
      const target = path.join(dataDir, name);
      if (!target.startsWith(path.join(dataDir, 'uploads') + path.sep)) continue;
      mkdirSync(path.dirname(target), { recursive: true });
      writeDurably(target, bytes);
      pictures++;
    }
    if (secrets && !existsSync(secretsFile)) writeDurably(secretsFile, secrets, 0o600);
    return { databaseBytes: tar.length, pictures, secrets: Boolean(secrets) };
  } finally {
    lock.release();
  }
}

function lockOrExplain(dbDir: string, purpose: string) {
  try {
    return lockDataFolder(dbDir, purpose);
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
}

function addFolder(files: Zippable, dir: string, prefix: string): number {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) count += addFolder(files, full, `${prefix}/${name}`);
    else {
      files[`${prefix}/${name}`] = readFileSync(full);
      count++;
    }
  }
  return count;
}

/** Whole or not at all: a temporary file, fsync, rename, fsync of the folder. */
function writeDurably(file: string, bytes: Uint8Array, mode = 0o644): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, bytes, { mode });
  fsyncFile(temp);
  renameSync(temp, file);
  fsyncFile(path.dirname(file));
}
