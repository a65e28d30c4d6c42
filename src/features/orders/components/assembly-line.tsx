import { formatAmount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import type { AssemblyLine } from '../api/assembly.ts';
import { controls, counter, detail, line, lineDone, name, shelf, tap, thumb, what } from './assembly.css.ts';

/**
 * One line of the order being assembled: picture, name, article and shelf, the picked counter, and «+1» / «Всё» for
 * goods that have no barcode to scan (or a scanner that is not at hand).
 */
export function AssemblyLineItem({
  line: l,
  editable,
  onPick,
}: {
  line: AssemblyLine;
  editable: boolean;
  onPick: (units: 1 | 'all') => void;
}) {
  const complete = l.picked >= l.quantity;
  return (
    <li
      className={complete ? `${line} ${lineDone}` : line}
      data-testid="assembly-line"
      data-complete={complete}
      aria-label={l.name}
    >
      <Thumb image={l.image} className={thumb} />
      <div className={what}>
        <div className={name}>{l.name}</div>
        <div className={detail}>
          Артикул {l.article}
          {' · '}
          <span className={shelf}>Место: {l.shelf || '—'}</span>
        </div>
        {!l.product_id && <div className={detail}>Не связан с товаром: подтвердите вручную</div>}
      </div>
      <div className={controls}>
        <span className={counter} data-testid="picked" aria-label={`Собрано ${l.picked} из ${l.quantity}`}>
          {formatAmount(l.picked)} / {formatAmount(l.quantity)}
        </span>
        {editable && (
          <>
            <Button
              variant="secondary"
              className={tap}
              disabled={complete}
              onClick={() => onPick(1)}
              aria-label={`+1: ${l.name}`}
            >
              +1
            </Button>
            <Button
              variant="secondary"
              className={tap}
              disabled={complete}
              onClick={() => onPick('all')}
              aria-label={`Всё: ${l.name}`}
            >
              Всё
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
