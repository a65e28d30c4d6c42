/*
 * The one place that turns a marketplace code into the name the seller reads. Stores are
 * OZON / WILDBERRIES / YM / '-', other realizations OZON / WB / YM / Other (SPEC §9); the
 * screen always shows OZON, Wildberries, Яндекс Маркет.
 */

const names: Record<string, string> = {
  OZON: 'OZON',
  WILDBERRIES: 'Wildberries',
  WB: 'Wildberries',
  YM: 'Яндекс Маркет',
  YANDEX: 'Яндекс Маркет',
  Other: 'Другое',
  '-': 'Без маркетплейса',
};

/**
 * OZON, Wildberries, Яндекс Маркет; «Другое» for Other; «—» for none. An unknown code shows as is rather than vanish.
 */
export function marketplaceName(code: string | null | undefined): string {
  if (code == null || code === '') return '—';
  return names[code] ?? names[code.toUpperCase()] ?? code;
}
