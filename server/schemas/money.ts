import { z } from 'zod';
import { MAX_MONEY, MONEY_STEP, stockMessages } from '../../domain/stock-rules.ts';

/**
 * Every amount of money a request carries (prices, costs): roubles with kopecks, as the numeric(14,2)
 * columns keep them (server/db/schema/columns.ts). More decimals are refused rather than rounded
 * away in silence (0.004 ₽ was once stored as 0), and the cap keeps every sum far inside the
 * column. The device checks the same (src/stock/rules.ts checkPrice) with the same words.
 */
export const moneyAmount = z.number().min(0).max(MAX_MONEY).multipleOf(MONEY_STEP, { error: stockMessages.kopecks });
