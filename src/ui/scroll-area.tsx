import { useRef, type ReactNode } from 'react';
import { useScrollEdges } from './scroll-edges.ts';
import { tableFrame, tableWrap } from './table.css.ts';

/**
 * A table's box: scrolls sideways when the columns do not fit, with a shadow on the side where more
 * columns are hidden (docs/screens.md: every column reachable on a 768 px tablet).
 */
export function ScrollArea({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useScrollEdges(scroller, frame);
  return (
    <div ref={frame} className={tableFrame}>
      <div ref={scroller} className={tableWrap}>
        {children}
      </div>
    </div>
  );
}
