import { formatAmount } from '../../../lib/format.ts';
import type { ProductDrawerProps } from '../../../ui/document-editor.tsx';
import { ProductDrawerView } from '../../../ui/product-drawer.tsx';
import { useOnHand, useProductCatalog } from '../api/use-product-catalog.ts';
import { small } from '../../../ui/table.css.ts';

/** The products a batch editor adds lines from, each with its units on hand (docs/screens.md «Адреса»). */
export function ProductDrawer({ open, onOpenChange, onPick }: ProductDrawerProps) {
  const catalog = useProductCatalog();
  const onHand = useOnHand();
  return (
    <ProductDrawerView
      open={open}
      onOpenChange={onOpenChange}
      products={catalog.loaded ? catalog.products : undefined}
      onPick={(p) => onPick(p.id)}
      pickLabel={(p) => `Добавить «${p.name}»`}
      aside={(p) => <span className={small}>{formatAmount(onHand.get(p.id) ?? 0)} шт.</span>}
    />
  );
}
