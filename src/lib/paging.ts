/** Every list screen shows 50 rows a page (docs/screens.md «Форматы и постоянные»). */
export const PAGE_SIZE = 50;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

export interface PageWindow {
  /** The page asked for, kept inside 1…pages: an address from before a filter may name a page gone since. */
  page: number;
  pages: number;
  /** Index of the page's first row; the page ends before `end`. */
  start: number;
  end: number;
}

export function pageWindow(total: number, page: number): PageWindow {
  const pages = pageCount(total);
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * PAGE_SIZE;
  return { page: current, pages, start, end: start + PAGE_SIZE };
}
