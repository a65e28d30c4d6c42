import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded pictures kept in the database (when DATABASE_URL is set and no object storage is
 * configured), so every instance serves every picture. Named by content hash like the files were;
 * the bytes live in chunks so a picture is streamed, never loaded whole into a query answer.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** Set once every chunk is written: a reader never serves half a picture. */
  completedAt: timestamptz('completed_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const uploadChunks = pgTable(
  'upload_chunks',
  {
    name: text('name')
      .notNull()
      .references(() => uploads.name, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.seq] })],
);
