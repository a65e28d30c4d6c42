import { useCallback } from 'react';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueUpdate } from '../../../sync/outbox.ts';
import type { Return } from './types.ts';

/**
 * «Удалить» (after the confirmation) sets the status deleted; «Восстановить» clears it to «нет»
 * (docs/rules.md «Возвраты»), prices back to 0 as the server does. PATCH /api/v1/returns/{id}/.
 */
export function setReturnDeleted(row: Pick<Return, 'id' | 'processed'>, deleted: boolean): Promise<void> {
  return serial(async () => {
    if (row.processed) return;
    const body = { status: deleted ? ('deleted' as const) : null };
    const local = deleted ? body : { ...body, price: 0, markdown_price: 0 };
    await queueUpdate(
      'returns',
      row.id,
      { ...local, updated_at: new Date().toISOString() },
      {
        ...apiCall('PATCH', '/returns/{id}/', { params: { id: row.id }, body }),
        group: crypto.randomUUID(),
      },
    );
  });
}

export const useSetReturnDeleted = () => useCallback(setReturnDeleted, []);
