import type { ReactNode } from 'react';
import { Card, NotFoundPage, Page } from '../../../ui/page.tsx';
import { useProductName } from '../api/use-stock-rows.ts';
import { form } from './stock.css.ts';

/** The frame of the product's stock forms: title with the product's name, or «not found». */
export function FormPage({ productId, title, children }: { productId: string; title: string; children: ReactNode }) {
  const name = useProductName(productId);
  if (name === undefined) return <Page title={title} />;
  if (name === null)
    return (
      <NotFoundPage
        title={title}
        heading="Товар не найден"
        text="Возможно, он удалён, объединён с другим или ещё не загружен на это устройство."
      />
    );
  return (
    <Page title={`${title}: ${name || 'товар'}`}>
      <Card>
        <div className={form}>{children}</div>
      </Card>
    </Page>
  );
}
