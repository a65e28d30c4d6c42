import { useEffect, type RefObject } from 'react';

/**
 * Marks a sideways-scrolling box with what lies beyond its edges: `data-more-left` / `data-more-right`
 * on `frame` while content is hidden on that side, so the styles can show a shadow there. A tablet
 * shows no scroll bar, and without the cue the cut-off columns look like the whole table.
 */
export function useScrollEdges(
  scroller: RefObject<HTMLElement | null>,
  frame: RefObject<HTMLElement | null> = scroller,
): void {
  useEffect(() => {
    const box = scroller.current;
    const marked = frame.current;
    if (!box || !marked) return;
    const update = () => {
      const max = box.scrollWidth - box.clientWidth;
      // One pixel of slack: zoomed layouts round widths to fractions.
      marked.toggleAttribute('data-more-left', box.scrollLeft > 1);
      marked.toggleAttribute('data-more-right', box.scrollLeft < max - 1);
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resized?.observe(box);
    if (box.firstElementChild) resized?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [scroller, frame]);
}
