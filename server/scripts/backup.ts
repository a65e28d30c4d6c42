import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupEmbedded } from '../backup/embedded.ts';
import { BackupError } from '../backup/backup-error.ts';
import { backupPostgres } from '../backup/postgres.ts';

/*
 * `npm run backup -- --out <file>`: with DATABASE_URL, pg_dump of that database (custom format, taken while the
 * servers run); without it, a zip of the embedded DATA_DIR (database, generated secrets, pictures) — the server
 * must be stopped. Reads DATA_DIR and DATABASE_URL as the server does, but not the rest of its configuration:
 * loading that would create secrets.json in an empty DATA_DIR.
 */

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Укажите файл копии: npm run backup -- --out <файл>');
  process.exit(2);
}
const out = path.resolve(values.out);
const url = process.env.DATABASE_URL;
try {
  if (url) {
    await backupPostgres(url, out);
    console.log(`Копия базы PostgreSQL записана в ${out}`);
  } else {
    const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
    const summary = await backupEmbedded(dataDir, out);
    console.log(
      `Копия ${dataDir} записана в ${out}: база ${summary.databaseBytes} байт, картинок ${summary.pictures}, ` +
        (summary.secrets
          ? 'секреты включены (храните копию как пароль)'
          : 'секреты заданы в окружении — сохраните их отдельно'),
    );
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
