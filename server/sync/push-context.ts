import { AsyncLocalStorage } from 'node:async_hooks';
import type { Membership } from '../lib/tokens.ts';

/**
 * Who a sync push entry runs for. A push authenticates once; its entries are injected in-process
 * inside this context, so an access token that expires halfway through the push loses no edit.
 * Only code in this process can enter it: no header, token or path of a request can.
 */
interface PushEntryContext {
  member: Membership;
}

const storage = new AsyncLocalStorage<PushEntryContext>();

/**
 * Awaits inside the context on purpose: app.inject answers a lazy thenable that only dispatches
 * when awaited, and a thenable awaited outside would run the request outside the context.
 */
export const runAsPushEntry = <T>(member: Membership, fn: () => PromiseLike<T>): Promise<T> =>
  storage.run({ member }, async () => await fn());

/** The pushing member when the request being handled is a push entry; undefined for any other request. */
export const pushEntryMember = (): Membership | undefined => storage.getStore()?.member;
