import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollEdges } from './scroll-edges.ts';
import { list, listFrame, trigger } from './tabs.css.ts';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

/** Scrolls the tab row (not the page) so the chosen tab is wholly in view, with a bit of the next one showing. */
function bringIntoView(row: HTMLElement) {
  const tab = row.querySelector<HTMLElement>('[data-state="active"]');
  if (!tab) return;
  // Wider than the fading edge (tabs.css.ts), so the chosen tab is never under it.
  const peek = 48;
  // The row is positioned (tabs.css.ts), so offsetLeft is measured from its start.
  const left = tab.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left - peek < row.scrollLeft) row.scrollLeft = Math.max(0, left - peek);
  else if (right + peek > row.scrollLeft + row.clientWidth) row.scrollLeft = right + peek - row.clientWidth;
}

/**
 * The app's tabs: Radix underneath for arrow-key navigation and screen readers; controlled by the page.
 * On a narrow screen the row scrolls sideways, a shadow shows there are more tabs, and the chosen one
 * (also one chosen by the address, `?td=`) is always scrolled into view.
 */
export function Tabs({
  items,
  value,
  onValueChange,
  label,
}: {
  items: TabItem[];
  value: string;
  onValueChange(value: string): void;
  label: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement>(null);
  useScrollEdges(row, frame);
  useEffect(() => {
    if (row.current) bringIntoView(row.current);
  }, [value]);
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <div ref={frame} className={listFrame}>
        <RadixTabs.List ref={row} className={list} aria-label={label}>
          {items.map((t) => (
            <RadixTabs.Trigger key={t.value} value={t.value} className={trigger}>
              {t.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
      </div>
      {items.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value}>
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
