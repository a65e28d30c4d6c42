import type { MirroredRows } from '../db/database.ts';

/** The stock rows the shared edits take, as sync mirrors them. */
export type Lot = MirroredRows['lots'];
export type Disposal = MirroredRows['disposals'];
export type Markdown = MirroredRows['markdowns'];
