import { db, type OstatokDatabase } from './database.ts';

export async function getMeta<T>(key: string, database: OstatokDatabase = db): Promise<T | undefined> {
  return (await database.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown, database: OstatokDatabase = db): Promise<void> {
  await database.meta.put({ key, value });
}
