import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export interface StoredSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/** The file exists but cannot be the secrets this server wrote: starting anyway would lose the sealed keys. */
export class SecretsFileError extends Error {}

/**
 * Reads DATA_DIR/secrets.json, or creates it on first start. The file is written whole or not at all (a temporary
 * file, fsync, then a link or rename, then fsync of the folder), so a crash or a power cut never leaves half of it.
 * An empty file (left by an older version killed between creating and writing it) counts as absent: no key can have
 * been used that was never written. A file with content that is not valid secrets stops the start: generating new
 * ones would make every sealed marketplace key unreadable.
 */
export function readOrCreateSecretsFile(file: string): StoredSecrets {
  const existing = readSecrets(file);
  if (existing !== 'empty' && existing !== 'absent') return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const secrets: StoredSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
  };
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeDurably(temp, JSON.stringify(secrets, null, 2));
  try {
    if (existing === 'empty') {
      renameSync(temp, file);
    } else {
      // A link fails if another instance started at the same moment won the race: both then use its secrets.
      try {
        linkSync(temp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        return readOrCreateSecretsFile(file);
      }
    }
    fsyncFolder(path.dirname(file));
  } finally {
    rmSync(temp, { force: true });
  }
  return secrets;
}

function readSecrets(file: string): StoredSecrets | 'absent' | 'empty' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw err;
  }
  if (text.trim() === '') return 'empty';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged(file);
  }
  if (!isSecrets(parsed)) throw damaged(file);
  return parsed;
}

function isSecrets(value: unknown): value is StoredSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const { jwtSecret, encryptionKey } = value as Record<string, unknown>;
  return (
    typeof jwtSecret === 'string' &&
    jwtSecret.length >= 32 &&
    typeof encryptionKey === 'string' &&
    Buffer.from(encryptionKey, 'base64').length === 32
  );
}

function damaged(file: string): SecretsFileError {
  return new SecretsFileError(
    `Файл секретов ${file} повреждён: в нём не JSON с jwtSecret и encryptionKey. ` +
      'Сервер не создаёт новые секреты поверх него: ключи магазинов, зашифрованные старым ключом, перестали бы ' +
      'читаться. Верните файл из резервной копии (или задайте JWT_SECRET и ENCRYPTION_KEY); если он точно не нужен, ' +
      'удалите его.\n' +
      `The secrets file ${file} is damaged (not JSON with jwtSecret and encryptionKey). Restore it from a backup ` +
      '(or set JWT_SECRET and ENCRYPTION_KEY); delete it only if nothing was ever encrypted with it.',
  );
}

function writeDurably(file: string, text: string): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The new name is on disk only once its folder is: fsync of the directory. */
function fsyncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
