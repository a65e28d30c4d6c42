import { marketplaceTitles, type MarketplaceCode } from '../types.ts';
import { ozonRefusals } from './ozon.ts';
import type { RefusalTable } from './table.ts';
import { wildberriesRefusals } from './wildberries.ts';
import { yandexMarketRefusals } from './yandex-market.ts';

export type { RefusalTable } from './table.ts';

/**
 * A refusal as the seller reads it: `error` in Russian (what it means, what to do) and the marketplace's
 * own answer beside it, word for word (null when the reason is ours, not the marketplace's).
 */
export interface Refusal {
  error: string;
  marketplaceError: string | null;
}

/** One error of a marketplace's answer: its code (OZON's gRPC codes are numbers) and its text. */
export interface MarketplaceAnswer {
  code?: string | number | null;
  message?: string | null;
}

export const refusalTables: Record<MarketplaceCode, RefusalTable> = {
  OZON: ozonRefusals,
  WILDBERRIES: wildberriesRefusals,
  YM: yandexMarketRefusals,
};

const byLowerKey = new Map(
  Object.entries(refusalTables).map(([mp, table]) => [
    mp,
    new Map(Object.entries(table).map(([k, v]) => [k.trim().toLowerCase(), v])),
  ]),
);

const lookup = (marketplace: MarketplaceCode, key: string | number | null | undefined): string | undefined =>
  key === null || key === undefined || String(key).trim() === ''
    ? undefined
    : byLowerKey.get(marketplace)!.get(String(key).trim().toLowerCase());

/** Whether the table of `marketplace` explains this code. */
export const explains = (marketplace: MarketplaceCode, code: string | number): boolean =>
  lookup(marketplace, code) !== undefined;

const supportOf: Record<MarketplaceCode, string> = {
  OZON: 'поддержку OZON',
  WILDBERRIES: 'поддержку Wildberries',
  YM: 'поддержку Яндекс Маркета',
};

/** What the seller reads for a refusal no table knows. */
export const unknownRefusal = (marketplace: MarketplaceCode): string =>
  `${marketplaceTitles[marketplace]} отказал по причине, которую «Остаток» пока не знает. Что именно не так — ` +
  `в ответе маркетплейса; если он неясен, обратитесь в ${supportOf[marketplace]}.`;

/** The marketplace's own words: «CODE: text», or whichever of the two it sent. */
export function answerText(code: string | number | null | undefined, message: string | null | undefined): string {
  return [code, message]
    .map((part) => (part === null || part === undefined ? '' : String(part).trim()))
    .filter(Boolean)
    .join(': ');
}

/**
 * The Russian explanation of one refusal, with the marketplace's text kept beside it. An error told by
 * its text (OZON's «all methods» errors) is found by the text first, then by the code.
 */
export function explainRefusal(
  marketplace: MarketplaceCode,
  code: string | number | null | undefined,
  message: string | null | undefined,
): Refusal {
  const own = answerText(code, message);
  return {
    error: lookup(marketplace, message) ?? lookup(marketplace, code) ?? unknownRefusal(marketplace),
    marketplaceError: own === '' ? null : own,
  };
}

/** Several errors of one answer: each explanation once, the marketplace's texts all kept. */
export function explainAnswers(marketplace: MarketplaceCode, answers: readonly MarketplaceAnswer[]): Refusal {
  if (answers.length === 0) return { error: unknownRefusal(marketplace), marketplaceError: null };
  const each = answers.map((a) => explainRefusal(marketplace, a.code, a.message));
  const texts = each.flatMap((r) => (r.marketplaceError ? [r.marketplaceError] : []));
  return {
    error: [...new Set(each.map((r) => r.error))].join(' '),
    marketplaceError: texts.length > 0 ? texts.join('; ') : null,
  };
}

/** A reason of ours, in Russian: no marketplace text goes with it. */
export const ownReason = (error: string): Refusal => ({ error, marketplaceError: null });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const textOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/**
 * The errors of any of the three marketplaces' error bodies: YM's {errors: [{code, message}]}, WB's
 * {code, message}, its 409 list of them, its gateway's and analytics' {title, detail}, its content API's
 * {errorText}, OZON's rpcStatus {code, message}.
 */
export function answersOf(body: unknown): MarketplaceAnswer[] {
  if (Array.isArray(body)) return body.flatMap(answersOf);
  if (!isObject(body)) return [];
  if (Array.isArray(body.errors)) return body.errors.flatMap(answersOf);
  if (typeof body.title === 'string' && 'detail' in body) return [{ code: body.title, message: textOf(body.detail) }];
  if (typeof body.errorText === 'string') return [{ message: body.errorText }];
  const code = textOf(body.code);
  const message = textOf(body.message);
  return code !== undefined || message !== undefined ? [{ code, message }] : [];
}

/** answersOf for an answer's raw text; text that is not JSON is the marketplace's word as it is. */
export function answersOfText(text: string): MarketplaceAnswer[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    return answersOf(JSON.parse(trimmed) as unknown);
  } catch {
    return [{ message: trimmed.slice(0, 300) }];
  }
}
