/**
 * The quantity a marketplace may sell of a product (issue 15): what is on hand, less what is promised —
 * active reserves, and units of postings waiting to be packed (the marketplaces' awaiting_packaging
 * bucket across all the product's listings, docs/rules.md «Достаточность»). Never below 0: a marketplace
 * takes no negative stock, and a shortfall means "sell nothing", not "owe".
 */
export function availableToSell(onHand: number, reserved: number, awaitingPackaging: number): number {
  const whole = (n: number) => (Number.isFinite(n) ? Math.trunc(n) : 0);
  return Math.max(0, whole(onHand) - Math.max(0, whole(reserved)) - Math.max(0, whole(awaitingPackaging)));
}
