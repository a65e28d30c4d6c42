import { sufficiency } from '../../../../domain/sufficiency.ts';

/**
 * Units awaiting assembly per product (docs/rules.md «Достаточность»): Σ of the mirrored posting
 * statuses of the product's listings. `productOf` names each listing's warehouse product; a status
 * of a listing without one (ungrouped a moment ago) counts for no product.
 */
export function awaitingByProduct(
  awaitingByListing: ReadonlyMap<string, number>,
  productOf: ReadonlyMap<string, string>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [listing, units] of awaitingByListing) {
    const product = productOf.get(listing);
    if (product) out.set(product, (out.get(product) ?? 0) + units);
  }
  return out;
}

/**
 * How many units a product lacks for its orders awaiting assembly: −sufficiency when it is negative
 * (the same rule as /shipping-delivery and the server), else 0.
 */
export const shortfall = (onHand: number, awaitingPackaging: number) =>
  Math.max(0, -sufficiency(onHand, awaitingPackaging));
