import { z } from 'zod';
import { serverOwned } from './common.ts';
import { authorshipKeys } from './authorship.ts';
import { batchKinds } from '../db/schema/stock.ts';
import type { BatchSummary, BatchWithNumber } from '../repositories/batches.ts';
import { lotWithProductSchema } from './inventory.ts';
import { batchSchema, disposalSchema, markdownSchema, otherRealizationSchema } from './stock-rows.ts';
import { dateInput, dateUntil, flag, note, paging } from './stock-query.ts';

/** Thumbnails a batch row shows before "+N" (docs/screens.md «Форматы и постоянные»). */
export const THUMBNAILS = 5;

export const batchIdParams = z.object({ batch_id: z.uuid().describe('ID документа') });

const kind = z.enum(batchKinds).describe('purchase — закупка, return — возвраты, other — списания и прочие реализации');
const ids = (what: string) => z.array(z.uuid()).max(1000).describe(what);
const lotIds = ids('ID партий (строк поступления), см. POST /api/v1/inventory_batch/');
const otherIds = ids('ID прочих реализаций, см. POST /api/v1/other_realization_batch/');

/**
 * docs/architecture.md «Контракт»: the save posts the answer of the lines call (POST /api/v1/inventory_batch/ or
 * /other_realization_batch/) spread into the body, and an edit may send the document as GET
 * answered it. Those fields are accepted and ignored: the lines are named by the two id lists.
 */
const echoed = {
  ...serverOwned(
    ['results'] as const,
    'ответ сохранения строк; строки документа задают inventory_ids и other_realization_ids',
  ),
  ...serverOwned(
    ['inventories', 'markdowns', 'disposals', 'other_realizations'] as const,
    'строки документа задают inventory_ids и other_realization_ids',
  ),
  ...serverOwned([
    '_id',
    'user_id',
    'number',
    'created_at',
    'updated_at',
    'deleted_at',
    'version',
    'thumbnails',
    'more',
    'total_count',
    'total_sum',
    ...authorshipKeys,
  ] as const),
};

export const batchCreateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Идентификатор, созданный клиентом (офлайн-создание)'),
    date: dateInput.describe(
      'Дата документа: становится датой поступления его партий (по ней идёт FIFO) и датой его реализаций',
    ),
    kind: kind.optional().describe('По умолчанию other, если указаны только прочие реализации, иначе purchase'),
    description: note.default(''),
    inventory_ids: lotIds.default([]),
    other_realization_ids: otherIds.default([]),
    ...echoed,
  })
  .describe('Партии и реализации, ещё не входящие в другой документ. Всё сохраняется вместе или ничего.')
  .meta({ id: 'BatchCreate' });

export const batchUpdateBody = z
  .strictObject({
    id: z.uuid().optional().describe('Если указан, должен совпадать с адресом'),
    date: dateInput.optional(),
    kind: kind.optional(),
    description: note.optional(),
    inventory_ids: lotIds
      .optional()
      .describe(
        'Полный список партий документа; партии, которых больше нет в списке, удаляются (409 lot_has_outflows, если из них уже расходовали). Не указан — без изменений',
      ),
    other_realization_ids: otherIds
      .optional()
      .describe(
        'Полный список прочих реализаций документа; не вошедшие в список удаляются, их единицы возвращаются в партии. Не указан — без изменений',
      ),
    ...echoed,
  })
  .meta({ id: 'BatchUpdate' });

export const batchDetailSchema = batchSchema
  .extend({
    inventories: z.array(lotWithProductSchema).describe('Партии документа'),
    markdowns: z.array(markdownSchema).describe('Уценки единиц из партий документа'),
    disposals: z.array(disposalSchema).describe('Списания из партий документа'),
    other_realizations: z.array(otherRealizationSchema),
  })
  .meta({ id: 'BatchDetail' });

export const batchListQuery = z.object({
  ...paging,
  date_start: dateInput.optional().describe('Документы не раньше этой даты'),
  date_end: dateUntil.optional().describe('Документы не позже этой даты (ГГГГ-ММ-ДД — включая весь день)'),
  is_return: flag.optional().describe('true — документы возвратов'),
  is_other: flag.optional().describe('true — документы списаний и прочих реализаций'),
});

export const batchListSchema = z
  .object({
    results: z.array(
      z
        .object({
          id: z.uuid(),
          number: z.number().int().describe('Порядковый номер документа у пользователя (по времени создания), с 1'),
          date: z.string(),
          kind,
          description: z.string(),
          thumbnails: z
            .array(z.string())
            .max(THUMBNAILS)
            .describe('Первые картинки разных товаров документа, не больше 5'),
          more: z.number().int().describe('Сколько ещё товаров документа не показано картинкой («+N»)'),
          total_count: z.number().int().describe('Поступления и возвраты: Σ count_max; прочие реализации: Σ count'),
          total_sum: z
            .number()
            .describe('Поступления и возвраты: Σ count_max × price; прочие реализации: Σ count × realization_price, ₽'),
        })
        .meta({ id: 'BatchListItem' }),
    ),
    total: z.number().int(),
  })
  .describe('Сначала документы с более поздней датой')
  .meta({ id: 'BatchList' });

export function batchListItemToWire(
  row: BatchWithNumber,
  summary: BatchSummary | undefined,
): z.infer<typeof batchListSchema>['results'][number] {
  // One entry per product of the batch: its first picture, or null when it has none.
  const images = summary?.images ?? [];
  const thumbnails = images.filter((i): i is string => !!i).slice(0, THUMBNAILS);
  return {
    id: row.id,
    number: row.number,
    date: row.date.toISOString(),
    kind: row.kind,
    description: row.description,
    thumbnails,
    more: images.length - thumbnails.length,
    total_count: summary?.totalCount ?? 0,
    total_sum: summary?.totalSum ?? 0,
  };
}
