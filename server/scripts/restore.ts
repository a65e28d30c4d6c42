import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreEmbedded } from '../backup/embedded.ts';
import { BackupError } from '../backup/backup-error.ts';
import { restorePostgres } from '../backup/postgres.ts';

/*
 * `npm run restore -- --from <file>`: with DATABASE_URL, pg_restore of a `npm run backup` file into that database,
 * which must be empty; without it, the embedded copy unpacked into DATA_DIR, whose database folder must be empty.
 * Either way it never writes over data.
 */

const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  console.error('Укажите файл копии: npm run restore -- --from <файл>');
  process.exit(2);
}
const from = path.resolve(values.from);
const url = process.env.DATABASE_URL;
try {
  if (url) {
    await restorePostgres(url, from);
    console.log(`База PostgreSQL восстановлена из ${from}`);
  } else {
    const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
    const summary = await restoreEmbedded(dataDir, from);
    console.log(
      `${dataDir} восстановлен из ${from}: картинок ${summary.pictures}, секреты: ${summary.secrets ? 'да' : 'нет'}`,
    );
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
