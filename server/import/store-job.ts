import { PermanentJobError, type JobContext } from '../jobs/queue.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { MarketplaceAuthError, MarketplaceStoreNotFoundError, type MarketplaceCode } from '../marketplaces/types.ts';
import type { CatalogRepository } from '../repositories/catalog.ts';
import type { MarketRow } from '../repositories/markets.ts';

/** A job's input that no retry can fix (the store is gone, its key unreadable): it fails at once. */
export class PermanentImportError extends Error {}

const isPermanent = (err: unknown) =>
  err instanceof PermanentImportError ||
  err instanceof MarketplaceAuthError ||
  err instanceof MarketplaceStoreNotFoundError;

/**
 * A marketplace job's handler (catalog, returns, posting statuses): errors a retry cannot help fail the
 * job at once, and the user reads their message, which names the store.
 */
export function marketplaceJob<R>(run: (ctx: JobContext) => Promise<R>) {
  return async (ctx: JobContext): Promise<R> => {
    try {
      return await run(ctx);
    } catch (err) {
      if (isPermanent(err)) throw new PermanentJobError((err as Error).message, { cause: err });
      throw err;
    }
  };
}

export type ConnectedStore = MarketRow & { marketplace: MarketplaceCode };

/**
 * The job's store, still the user's and connected, with its API key opened. `cancelled` is what the
 * user reads when the store was deleted after the job was queued.
 */
export async function openStore(
  deps: { catalog: Pick<CatalogRepository, 'store'>; secrets: SecretBox },
  ctx: JobContext,
  cancelled: string,
): Promise<{ store: ConnectedStore; apiKey: string }> {
  const storeId = (ctx.job.payload as { store_id?: unknown } | null)?.store_id;
  const store = typeof storeId === 'string' ? await deps.catalog.store(ctx.job.userId, storeId) : undefined;
  if (!store) throw new PermanentImportError(cancelled);
  if (store.marketplace === '-') throw new PermanentImportError(`Магазин «${store.name}»: не выбран маркетплейс`);
  if (!store.accessTokenEnc) throw new PermanentImportError(`Магазин «${store.name}»: не задан ключ API`);
  try {
    return { store: store as ConnectedStore, apiKey: deps.secrets.open(store.accessTokenEnc) };
  } catch {
    // Sealed with another ENCRYPTION_KEY: only entering the key again helps.
    throw new PermanentImportError(`Магазин «${store.name}»: сохранённый ключ API не читается, введите его заново`);
  }
}
