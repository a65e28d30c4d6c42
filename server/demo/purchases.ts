import type { DemoApi } from './api.ts';
import type { OtherDocument } from './plan.ts';
import type { PurchaseDocument } from './purchase-plan.ts';

/** The API takes up to 1000 lines a call. */
const CHUNK = 1000;

const chunks = <T>(list: T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Purchase documents as the receipt screen saves them: the lines (POST /inventory_batch/), then the
 * document with its date (POST /batch/), which back-dates its lots — FIFO follows that date.
 */
export async function receivePurchases(api: DemoApi, docs: PurchaseDocument[]): Promise<number> {
  let lots = 0;
  for (const doc of docs) {
    const ids: string[] = [];
    for (const part of chunks(doc.lines)) {
      const saved = await api.expect<{ results: { id: string }[] }>(200, 'POST', '/api/v1/inventory_batch/', {
        batch: part,
      });
      ids.push(...saved.results.map((r) => r.id));
    }
    await api.expect(201, 'POST', '/api/v1/batch/', {
      date: doc.date.toISOString(),
      kind: 'purchase',
      description: doc.description,
      inventory_ids: ids,
    });
    lots += ids.length;
  }
  return lots;
}

/**
 * An other-realization document (to a marketplace warehouse, a wholesale buyer…) as the screen saves
 * it: the lines, then the document with its date.
 */
export async function realizeOther(api: DemoApi, doc: OtherDocument): Promise<{ lines: number; refused: number }> {
  let refused = 0;
  const ids: string[] = [];
  for (const part of chunks(doc.lines)) {
    const saved = await api.call<{ results: { id: string }[] }>('POST', '/api/v1/other_realization_batch/', {
      batch: part,
    });
    // All lines or none: a shortage the plan did not foresee leaves this part out.
    if (saved.status === 409) refused += part.length;
    else if (saved.status === 200 || saved.status === 201) ids.push(...saved.body.results.map((r) => r.id));
    else throw new Error(`other_realization_batch: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  if (ids.length > 0)
    await api.expect(201, 'POST', '/api/v1/batch/', {
      date: doc.date.toISOString(),
      kind: 'other',
      description: doc.description,
      other_realization_ids: ids,
    });
  return { lines: ids.length, refused };
}
