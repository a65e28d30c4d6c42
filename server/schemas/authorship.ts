import { z } from 'zod';

/** Who made a row and who changed it last, as every mirrored row answers it (server/db/schema/columns.ts). */
export const authorshipFields = {
  created_by: z
    .uuid()
    .nullable()
    .describe('Кто создал: id участника команды; null — сам сервер (импорт, заказы) или запись до появления команд'),
  updated_by: z.uuid().nullable().describe('Кто изменил последним: id участника команды; null — сам сервер'),
};

export const authorshipOf = (row: { createdBy: string | null; updatedBy: string | null }) => ({
  created_by: row.createdBy,
  updated_by: row.updatedBy,
});

/** Sent back by a client, they are ignored like every field the server owns. */
export const authorshipKeys = ['created_by', 'updated_by'] as const;
