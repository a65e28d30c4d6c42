import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * Why the embedded database needs help to be durable (issue 23): PGlite starts PostgreSQL with `-F` (fsync off), and
 * even with fsync on, Emscripten's NODEFS has no `fsync` in its stream operations, so PostgreSQL's fsync() returned
 * 0 without reaching the disk, and its fdatasync() is a stub that does nothing at all. An acknowledged commit sat
 * in the page cache; a power cut could lose it or tear the folder.
 *
 * The fix keeps PostgreSQL in charge of *when* to sync (it knows the order: WAL before the commit's answer, data
 * files before a checkpoint lets WAL go, the folder after a rename) and makes each of its syncs real:
 * - NODEFS gets an fsync that calls fsync(2) on the file's real descriptor;
 * - PostgreSQL runs with fsync on and wal_sync_method=fsync, the one method that reaches that hook.
 * With synchronous_commit on (the default), a commit's answer leaves only after its WAL is fsynced.
 */

type StreamOps = { fsync?: (stream: { nfd?: number }) => number };
type NodeFsOps = { stream_ops: StreamOps; tryFSOperation<T>(operation: () => T): T };

/** The data folder on NODEFS, with an fsync that reaches the disk. */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const giveFsync = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsOps;
      // tryFSOperation turns a failed fsync into an errno: PostgreSQL then stops (data_sync_retry off), as it must.
      nodefs.stream_ops.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), giveFsync] } };
  }
}

/** PGlite's own start parameters without `-F`, with the WAL synced by fsync(), the call the hook above serves. */
export const durableStartParams: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** Opens a data folder durably: every commit's WAL is on disk before the commit returns. */
export async function createDurablePglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ fs: new DurableNodeFS(dir), startParams: durableStartParams, loadDataDir });
}

/**
 * fsync of every file and folder under `dir`: for files PostgreSQL did not write itself (PGlite copies a fresh
 * cluster in without syncing it; a restore unpacks one), so they are on disk before any commit depends on them.
 */
export function fsyncTree(dir: string): number {
  let synced = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) synced += fsyncTree(full);
    else if (entry.isFile()) synced += fsyncPath(full);
  }
  return synced + fsyncPath(dir);
}

function fsyncPath(file: string): number {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return 1;
}

/**
 * A periodic CHECKPOINT. In PGlite's single-user mode PostgreSQL never checkpoints on its own until shutdown, so
 * without this the WAL grows without end and a restart after a crash replays all of it. Durability does not depend
 * on it (each commit's WAL is already synced); a checkpoint fsyncs the data files it wrote itself before the WAL
 * that covers them can be recycled. Skipped while nothing was written since the last one.
 */
export function scheduleCheckpoints(client: PGliteInterface, everyMs: number, onError: (err: unknown) => void) {
  let lastLsn = '';
  let running: Promise<void> = Promise.resolve();
  const checkpoint = async () => {
    const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    const lsn = rows[0]?.lsn ?? '';
    if (lsn === lastLsn) return;
    await client.exec('checkpoint');
    lastLsn =
      (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]?.lsn ?? '';
  };
  const timer = setInterval(() => {
    running = running.then(checkpoint).catch(onError);
  }, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a checkpoint under way (close() checkpoints once more itself). */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
