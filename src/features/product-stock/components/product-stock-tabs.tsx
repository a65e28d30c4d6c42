import type { ReactNode } from 'react';
import { AccountingTab } from './accounting-tab.tsx';
import { DisposalsTab } from './disposals-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { MarkdownsTab } from './markdowns-tab.tsx';
import { OtherRealizationsTab } from './other-realizations-tab.tsx';
import { RealizationsTab } from './realizations-tab.tsx';
import { ReservesTab } from './reserves-tab.tsx';

/**
 * Tabs 2–8 of /product/{id} (docs/screens.md «Адреса»: tabs 2–7, plus the stock history): the route hands them to
 * the products feature's page, which shows tabs 0–1 itself.
 */
export function productStockTabs(productId: string): { label: string; content: ReactNode }[] {
  return [
    { label: 'Учёт', content: <AccountingTab productId={productId} /> },
    { label: 'Уценка', content: <MarkdownsTab productId={productId} /> },
    { label: 'Списание', content: <DisposalsTab productId={productId} /> },
    { label: 'Прочая реализация', content: <OtherRealizationsTab productId={productId} /> },
    { label: 'Резерв', content: <ReservesTab productId={productId} /> },
    { label: 'Продажи', content: <RealizationsTab productId={productId} /> },
    { label: 'История', content: <HistoryTab productId={productId} /> },
  ];
}
