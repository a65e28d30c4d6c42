import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/*
 * PGlite writes postmaster.pid with a made-up pid (-42) and ignores it on the next start, so nothing stops two
 * processes from opening one data folder — and two writers tear it. The server and the backup/restore tools take
 * this lock: a file beside the folder naming the holder's pid and start time (so a pid reused after a kill -9 or
 * in a restarted container does not look alive).
 */

export class FolderLockedError extends Error {}

interface Holder {
  pid: number;
  started: string;
}

/** Takes the lock of the data folder `dir` or throws FolderLockedError naming the live holder. */
export function lockDataFolder(dir: string, purpose: string): { release(): void } {
  const file = `${dir}.lock`;
  const holder = readHolder(file);
  if (holder && holder.pid !== process.pid && isAlive(holder)) {
    throw new FolderLockedError(
      `Папка базы ${dir} занята процессом ${holder.pid}: остановите сервер (или дождитесь конца копирования), ` +
        `затем повторите.\nThe database folder ${dir} is in use by process ${holder.pid}: stop the server first.`,
    );
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid), purpose }));
  return {
    release() {
      const current = readHolder(file);
      if (current?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: String(parsed.started ?? '') } : undefined;
  } catch {
    // Absent, or half written by a process killed while taking it: nobody holds it.
    return undefined;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTimeOf(holder.pid);
  return started === '' || holder.started === '' || started === holder.started;
}

/** The process's start time in clock ticks since boot (Linux /proc); '' where there is no /proc. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'; starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}
