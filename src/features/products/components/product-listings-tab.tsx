import { useState } from 'react';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import type { ProductMp } from '../api/types.ts';
import { ungroupListings } from '../api/ungroup-listings.ts';
import { articles, checkbox, listing, plainList, thumb, thumbButton } from './products.css.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { Thumb } from '../../../ui/thumb.tsx';
import { useCan } from '../../../lib/permissions.ts';

/**
 * Tab 1 «На маркетплейсах» (docs/rules.md «Товары и их цифры»): the listings of this product. A lone listing cannot be
 * selected, so it cannot be ungrouped; at least one listing always stays with the product.
 */
export function ProductListingsTab({ productId, listings }: { productId: string; listings: ProductMp[] }) {
  const [selected, setSelected] = useState<string[]>([]);
  // Ungrouping is the owner's and the managers': the warehouse role sees the listings only.
  const canUngroup = useCan('productUngroup');
  const lone = listings.length < 2 || !canUngroup;
  const chosen = selected.filter((id) => listings.some((l) => l.id === id));
  const ready = chosen.length > 0 && chosen.length < listings.length;

  async function ungroup() {
    await ungroupListings(productId, chosen, listings.length);
    setSelected([]);
    notify({ type: 'info', text: 'Отделённые карточки станут отдельными товарами после синхронизации' }, 3_000);
  }

  if (listings.length === 0)
    return <Muted>Товар не привязан к карточкам маркетплейсов. Объединить товары можно в списке товаров.</Muted>;
  return (
    <div>
      <ul className={plainList}>
        {listings.map((l) => (
          <li key={l.id} className={listing}>
            {canUngroup && (
              <input
                type="checkbox"
                className={checkbox}
                aria-label={`Выбрать ${l.offer_id}`}
                disabled={lone}
                checked={!lone && chosen.includes(l.id)}
                onChange={(e) => setSelected((s) => (e.target.checked ? [...s, l.id] : s.filter((x) => x !== l.id)))}
              />
            )}
            <span className={thumbButton}>
              <Thumb image={l.primary_image} className={thumb} />
            </span>
            <span>
              {l.name || l.offer_id}
              <span className={articles}>
                {marketplaceName(l.marketplace)} · {l.market_id} · арт. {l.offer_id}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {canUngroup && listings.length < 2 && <Muted>Единственную карточку нельзя отделить от товара.</Muted>}
      {!lone && (
        <div className={row}>
          <Button variant="secondary" disabled={!ready} onClick={() => void ungroup()}>
            Разгруппировать{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
          {chosen.length > 0 && !ready && <Muted>Хотя бы одна карточка должна остаться у товара.</Muted>}
        </div>
      )}
    </div>
  );
}
