import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { list, trigger } from './tabs.css.ts';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

/** The app's tabs: Radix underneath for arrow-key navigation and screen readers; controlled by the page. */
export function Tabs({ items, value, onValueChange, label }: { items: TabItem[]; value: string; onValueChange(value: string): void; label: string }) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <RadixTabs.List className={list} aria-label={label}>
        {items.map((t) => (
          <RadixTabs.Trigger key={t.value} value={t.value} className={trigger}>
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value}>
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
