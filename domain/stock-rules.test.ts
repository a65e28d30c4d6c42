import { describe, expect, it } from 'vitest';
import { MAX_MONEY, MAX_UNIT_COUNT, stockMessages } from './stock-rules.ts';

describe('stock rules shared by server and device', () => {
  it('words the caps with the numbers they hold', () => {
    expect(MAX_UNIT_COUNT).toBe(1_000_000);
    expect(MAX_MONEY).toBe(1_000_000_000);
    expect(stockMessages.countTooBig).toBe('Количество — не больше 1 000 000 шт.');
    expect(stockMessages.priceTooBig('Цена уценки')).toBe('Цена уценки: не больше 1 000 000 000 ₽');
  });

  it('names what is available, never a negative count of free units', () => {
    expect(stockMessages.insufficientStock(3)).toBe('Недостаточно товара на складе: доступно 3 шт.');
    expect(stockMessages.reservedStock(4, -1)).toBe('Нельзя убрать 4 шт.: свободно только 0 шт., остальное в резерве');
  });
});
