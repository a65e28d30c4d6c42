/**
 * A marketplace's known refusals: its code (or, where it sends none, its exact text) → what it means for
 * the seller and what to do, in Russian. Keys are matched without regard to case.
 */
export type RefusalTable = Readonly<Record<string, string>>;
