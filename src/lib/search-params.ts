import { isDateInRange } from './dates.ts';

/*
 * The query parameters of the screens (docs/screens.md «Адреса»). A shared or hand-edited address
 * may hold anything: junk falls back to the default instead of failing the route.
 *
 * Plain functions rather than zod: every route's schema is built when the app starts, and building
 * zod schemas cost a phone more main-thread time than anything else before the first screen (and
 * zod's own download). The routes take these as TanStack Router validator adapters: `types` tells
 * links what they may pass, `parse` what the screen reads.
 */

/** One parameter: what a link may pass (`In`) and what the screen reads (`Out`). */
export interface SearchField<In, Out> {
  read(value: unknown): Out;
  /** Type only: never set. */
  readonly input?: In;
}

/** A parameter read by `read`, which answers the default for anything it does not accept. */
export const searchField = <In, Out>(read: (value: unknown) => Out): SearchField<In, Out> => ({ read });

type AnyField = SearchField<unknown, unknown>;
type InOf<F> = F extends SearchField<infer In, unknown> ? In : never;
type OutOf<F> = F extends SearchField<unknown, infer Out> ? Out : never;
type Flatten<T> = { [K in keyof T]: T[K] };
type InputOf<S> = Flatten<{ [K in keyof S]?: InOf<S[K]> }>;
/** Parameters that may read as undefined are optional keys, as zod made them. */
type OutputOf<S> = Flatten<
  { [K in keyof S as undefined extends OutOf<S[K]> ? never : K]: OutOf<S[K]> } & {
    [K in keyof S as undefined extends OutOf<S[K]> ? K : never]?: OutOf<S[K]>;
  }
>;

export interface SearchSchema<In, Out> {
  /** Type only, for TanStack Router's validator adapter: never set. */
  readonly types: { input: In; output: Out };
  parse(input: unknown): Out;
}

/** What a screen reads from its address, given the route's schema. */
export type SearchOf<T> = T extends SearchSchema<unknown, infer Out> ? Out : never;

/** A route's query: each field read on its own; unknown keys are dropped, undefined ones left out. */
export function searchSchema<S extends Record<string, AnyField>>(shape: S): SearchSchema<InputOf<S>, OutputOf<S>> {
  const keys = Object.keys(shape);
  return {
    types: undefined as never,
    parse(input) {
      const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        const value = shape[key]!.read(raw[key]);
        if (value !== undefined) out[key] = value;
      }
      return out as OutputOf<S>;
    },
  };
}

/** A whole number in [min, max], also as text; anything else reads as `fallback`. */
export const integerParam = (min: number, max: number, fallback: number) =>
  searchField<unknown, number>((value) => {
    if (value === undefined || typeof value === 'symbol' || typeof value === 'bigint') return fallback;
    const n = Number(value);
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : fallback;
  });

/** One of `values`; anything else reads as `fallback`. */
export const oneOf = <const T extends readonly string[]>(values: T, fallback: T[number]) =>
  searchField<T[number], T[number]>((value) => (values.includes(value as string) ? (value as T[number]) : fallback));

export const pageParam = integerParam(1, Number.MAX_SAFE_INTEGER, 1);
export const searchParam = searchField<string, string>((value) =>
  typeof value === 'string' && value.length <= 200 ? value : '',
);
/** A YYYY-MM-DD day inside the pickers' range, or '' (no bound). */
export const dayParam = searchField<string, string>((value) =>
  typeof value === 'string' && (value === '' || isDateInRange(value)) ? value : '',
);
