import { foreign, refusalText, refusal } from './stock-push.css.ts';

/**
 * A marketplace's refusal: the Russian explanation first (what it means, what to do), then the
 * marketplace's own words as it said them. Those are foreign text, marked lang="en" so a screen
 * reader reads them as such (and the Russian-text check knows them for a quotation).
 */
export function Refusal({ error, marketplaceError }: { error: string | null; marketplaceError?: string | null }) {
  if (!error && !marketplaceError) return null;
  return (
    <div className={refusal} data-testid="refusal">
      {error && <p className={refusalText}>{error}</p>}
      {marketplaceError && (
        <p className={foreign}>
          Ответ маркетплейса:{' '}
          <span lang="en" data-testid="marketplace-error">
            {marketplaceError}
          </span>
        </p>
      )}
    </div>
  );
}
