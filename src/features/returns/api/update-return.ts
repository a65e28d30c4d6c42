import { useCallback } from 'react';
import { stockMessages } from '../../../../domain/stock-rules.ts';
import { checkPrice, type Check } from '../../../stock/rules.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueUpdate } from '../../../sync/outbox.ts';
import type { Receivable, Return } from './types.ts';

/** What the price dialog answers (docs/rules.md «Возвраты»). */
export interface PriceChoice {
  price: number;
  /** The discounted cost as typed: not above 0 means «same as the price». */
  markdown_price: number;
  description: string;
}

export type ReturnChange =
  { status: Receivable; choice: PriceChoice } | { status: null } | { price: number } | { markdown_price: number };

const processedCheck: Check = { ok: false, error: stockMessages.returnProcessed };

/**
 * PATCH /api/v1/returns/{id}/, applied on the device as the server applies it: a status with the
 * price dialog's choice (markdown_price not above 0 becomes the price), «нет» (prices back to 0), or
 * one price typed in the row. Each edit is its own entry (never folded into a create still waiting:
 * POST /returns/ takes only the product and count).
 */
export function updateReturn(row: Pick<Return, 'id' | 'processed' | 'price'>, change: ReturnChange): Promise<Check> {
  return serial(async () => {
    if (row.processed) return processedCheck;
    let body: { status?: Receivable | null; price?: number; markdown_price?: number; description?: string };
    if ('status' in change && change.status === null) body = { status: null };
    else if ('status' in change) {
      const { price, markdown_price, description } = change.choice;
      body = {
        status: change.status,
        price,
        markdown_price: markdown_price > 0 ? markdown_price : price,
        description: description.trim(),
      };
    } else if ('price' in change) body = { price: change.price };
    else body = { markdown_price: change.markdown_price };

    for (const [value, label] of [
      [body.price, 'Цена'],
      [body.markdown_price, 'Цена после уценки'],
    ] as const) {
      if (value === undefined) continue;
      const check = checkPrice(value, label);
      if (!check.ok) return check;
    }
    const local: Partial<Return> = { ...body, updated_at: new Date().toISOString() };
    if (body.status === null) Object.assign(local, { price: 0, markdown_price: 0 });
    if ('markdown_price' in change && change.markdown_price <= 0) local.markdown_price = row.price;
    await queueUpdate('returns', row.id, local, {
      ...apiCall('PATCH', '/returns/{id}/', { params: { id: row.id }, body }),
      group: crypto.randomUUID(),
    });
    return { ok: true };
  });
}

export const useUpdateReturn = () => useCallback(updateReturn, []);
