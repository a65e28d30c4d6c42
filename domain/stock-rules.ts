/**
 * The stock rules both sides state: the server enforces them (server/stock/engine.ts,
 * server/stock/return-receipt.ts, server/schemas/stock-query.ts) and the device checks them before
 * queueing an edit, so a refusal shows at once, worded exactly as the server's later one would be.
 */

/** Units in one line: whole, and far below what an int column holds. */
export const MAX_UNIT_COUNT = 1_000_000;
/** Roubles with kopecks; the cap keeps every sum far inside numeric(14,2). */
export const MAX_MONEY = 1_000_000_000;
/** The columns keep kopecks (numeric(14,2)): a finer amount would be stored rounded, unlike what was typed. */
export const MONEY_STEP = 0.01;

/**
 * At most two decimals. Exact for any number read from decimal text up to MAX_MONEY: toFixed(2)
 * names its nearest kopeck, which reads back as the same number only when nothing finer was typed.
 */
export const inWholeKopecks = (amount: number): boolean => Number(amount.toFixed(2)) === amount;

const units = (n: number) => `${n} шт.`;
/** 1000000000 → «1 000 000 000»: a plain space, so the text matches whatever locale runs it. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export const stockMessages = {
  insufficientStock: (available: number) => `Недостаточно товара на складе: доступно ${units(available)}`,
  insufficientInLot: (available: number) => `В выбранной партии осталось только ${units(available)}`,
  invalidCount: 'Количество должно быть целым числом больше 0',
  countTooBig: `Количество — не больше ${grouped(MAX_UNIT_COUNT)} шт.`,
  countAboveReceived: (countMax: number) => `Остаток не может быть больше поступившего (${units(countMax)})`,
  reservedStock: (leaving: number, free: number) =>
    `Нельзя убрать ${units(leaving)}: свободно только ${units(Math.max(0, free))}, остальное в резерве`,
  realizationCancelled: 'Продажа отменена: её нельзя изменить',
  priceInvalid: (label: string) => `${label}: укажите число не меньше 0`,
  priceTooBig: (label: string) => `${label}: не больше ${grouped(MAX_MONEY)} ₽`,
  /** Beside a field the label comes first: «Цена — не больше двух знаков после запятой (копейки)». */
  kopecks: 'не больше двух знаков после запятой (копейки)',
  priceKopecks: (label: string) => `${label} — не больше двух знаков после запятой (копейки)`,
  /** docs/rules.md «Возвраты»: a received return is never changed again. */
  returnProcessed: 'Возврат уже оприходован: его нельзя изменить',
  /** docs/rules.md «Возвраты»: a return is never received at 0 ₽. */
  returnPriceMissing: 'Не указаны значения цены в выделенных возвратах.',
  /** docs/rules.md «Возвраты»: a return from a marketplace with no warehouse product has nothing to receive into. */
  returnUnmatched: 'Возврат не связан с товаром склада: оприходовать его нельзя',
} as const;
