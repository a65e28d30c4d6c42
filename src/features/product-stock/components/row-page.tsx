import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { button } from '../../../ui/controls.css.ts';
import type { SaveOutcome } from '../../../ui/blur-field.tsx';
import { Muted } from '../../../ui/page.tsx';
import { BlurNumber } from './blur-input.tsx';
import { FormPage } from './form-page.tsx';
import { hasCost, HIDDEN_COST } from '../../../ui/cost.ts';

interface Props<T> {
  productId: string;
  title: string;
  /** undefined while loading, null when the row is not on the device. */
  row: T | null | undefined;
  notFound: string;
  /** The tab of /product/{id} the row lives in, and the link's text. */
  back: { td: number; label: string };
  /** The row's fields, saved on blur. */
  children(row: T): ReactNode;
}

/** The page of one row of a product's tab (a lot, a write-off): its fields, and a link back to the tab. */
export function RowPage<T>({ productId, title, row, notFound, back, children }: Props<T>) {
  return (
    <FormPage productId={productId} title={title}>
      {row === null && <Muted>{notFound}</Muted>}
      {row && children(row)}
      <Link className={button.secondary} to="/product/$productId" params={{ productId }} search={{ td: back.td }}>
        {back.label}
      </Link>
    </FormPage>
  );
}

/** The row's price, saved on blur; «—» and no field when the member does not see costs (the row has none). */
export function PriceField({
  value,
  onSave,
}: {
  value: number | undefined;
  onSave(price: number): Promise<SaveOutcome>;
}) {
  return <p>Цена, ₽: {hasCost(value) ? <BlurNumber label="Цена" value={value} onSave={onSave} /> : HIDDEN_COST}</p>;
}
