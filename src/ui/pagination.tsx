import { Button } from './button.tsx';
import { row } from './controls.css.ts';

/** Page numbers around the current one, with the first and last always reachable. */
function visiblePages(page: number, pages: number): number[] {
  const around = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  return [...around].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
}

/** Below a list of 50 per page (docs/screens.md «Форматы и постоянные»). Hidden when everything fits one page. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  const numbers = visiblePages(page, pages);
  return (
    <nav aria-label="Страницы" className={row}>
      <Button
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Предыдущая страница"
      >
        ‹
      </Button>
      {numbers.map((p, i) => (
        <span key={p} className={row}>
          {i > 0 && p - numbers[i - 1]! > 1 && <span aria-hidden>…</span>}
          <Button
            variant={p === page ? 'primary' : 'secondary'}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        </span>
      ))}
      <Button
        variant="secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label="Следующая страница"
      >
        ›
      </Button>
    </nav>
  );
}
