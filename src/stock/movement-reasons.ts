import type { StockMovement } from './types.ts';

/** Why a stock movement happened, in the words of the product's history and of a member's movements on /team. */
export const reasonLabel: Record<StockMovement['reason'], string> = {
  receipt: 'Поступление',
  correction: 'Правка остатка',
  removal: 'Удаление партии',
  disposal: 'Списание',
  markdown: 'Уценка',
  realization: 'Продажа',
  other_realization: 'Прочая реализация',
  reversal: 'Возврат на склад (отмена или правка расхода)',
};

export const movementReason = (reason: string): string => reasonLabel[reason as StockMovement['reason']] ?? 'Движение';
