import { joinUrl, requestJson, type CallContext } from './http.ts';
import { MarketplaceStoreNotFoundError } from './types.ts';
import type { GetCampaignsResponse } from './yandex-market/wire.ts';

/**
 * The seller may have entered either a campaign (shop) id or a business (cabinet) id as market_id;
 * with a single cabinet behind the key, that one is used whatever was entered.
 */
export async function findBusiness(
  baseUrl: string,
  ctx: CallContext,
  headers: Record<string, string>,
): Promise<number> {
  const businesses = await campaignsByBusiness(baseUrl, ctx, headers);
  const wanted = Number(ctx.store.marketId.trim());
  for (const [businessId, campaigns] of businesses) {
    if (businessId === wanted || campaigns.includes(wanted)) return businessId;
  }
  const only = businesses.size === 1 ? [...businesses.keys()][0] : undefined;
  if (only !== undefined) return only;
  throw new MarketplaceStoreNotFoundError('YM', ctx.store.name, ctx.store.marketId);
}

/** The shop the store names; a business id names all of its shops; a single cabinet is taken whatever was entered. */
export async function findCampaigns(
  baseUrl: string,
  ctx: CallContext,
  headers: Record<string, string>,
): Promise<{ businessId: number; campaignIds: number[] }> {
  const businesses = await campaignsByBusiness(baseUrl, ctx, headers);
  const wanted = Number(ctx.store.marketId.trim());
  for (const [businessId, campaigns] of businesses) {
    if (campaigns.includes(wanted)) return { businessId, campaignIds: [wanted] };
    if (businessId === wanted) return { businessId, campaignIds: campaigns };
  }
  const [only] = businesses.size === 1 ? [...businesses.entries()] : [];
  if (only !== undefined) return { businessId: only[0], campaignIds: only[1] };
  throw new MarketplaceStoreNotFoundError('YM', ctx.store.name, ctx.store.marketId);
}

/** Every campaign behind the key, grouped by business. */
async function campaignsByBusiness(
  baseUrl: string,
  ctx: CallContext,
  headers: Record<string, string>,
): Promise<Map<number, number[]>> {
  const businesses = new Map<number, number[]>();
  let pageToken: string | undefined;
  for (;;) {
    const page = await requestJson<GetCampaignsResponse>(ctx, {
      method: 'GET',
      url: joinUrl(baseUrl, '/v2/campaigns', { limit: 100, page_token: pageToken }),
      headers,
    });
    for (const c of page.campaigns ?? []) {
      const businessId = c.business?.id;
      if (businessId === undefined || c.id === undefined) continue;
      businesses.set(businessId, [...(businesses.get(businessId) ?? []), c.id]);
    }
    const next = page.paging?.nextPageToken;
    if (!next || next === pageToken) break;
    pageToken = next;
  }
  return businesses;
}
