import { ProductDrawerView } from '../../../ui/product-drawer.tsx';
import { useProductCatalog } from '../api/product-catalog.ts';

export interface ProductDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A product was clicked: a return of 1 unit of it is created. */
  onPick(productId: string, name: string): void;
}

/** The warehouse products of /returns (docs/screens.md «Адреса»): a click makes a return of 1. */
export function ProductDrawer({ open, onOpenChange, onPick }: ProductDrawerProps) {
  const catalog = useProductCatalog();
  return (
    <ProductDrawerView
      open={open}
      onOpenChange={onOpenChange}
      products={catalog}
      onPick={(p) => onPick(p.id, p.name)}
      pickLabel={(p) => `Возврат «${p.name}»`}
    />
  );
}
