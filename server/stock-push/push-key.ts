/**
 * The stock push's dedupe key: one for every push of a user, whatever stores it names. A push reads the
 * stock when it runs, so a waiting one already covers any push asked for after it; two side by side
 * would send the same items twice (OZON takes one update of an item per 30 s).
 */
export const STOCK_PUSH_KEY = '';
