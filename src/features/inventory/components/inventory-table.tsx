import { formatAmount, formatMoment, formatRoubles } from '../../../lib/format.ts';
import { imageSrc } from '../../../lib/image-src.ts';
import type { InventoryRow } from '../api/types.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { setLotCount, setLotPrice } from '../../../stock/update-lot.ts';
import { BlurNumber } from './blur-number.tsx';
import { articles, num, returnMark, table, tableWrap, td, th, thumb } from './inventory.css.ts';

/** The /inventory table (docs/screens.md «Адреса»): cost price and remaining units are edited in place, saved on blur. */
export function InventoryTable({ rows }: { rows: InventoryRow[] }) {
  return (
    <div className={tableWrap}>
      <table className={table}>
        <thead>
          <tr>
            <th className={th}>Дата</th>
            <th className={th}>Фото</th>
            <th className={th}>Товар</th>
            <th className={`${th} ${num}`}>Закуплено</th>
            <th className={`${th} ${num}`}>Себестоимость, ₽</th>
            <th className={`${th} ${num}`}>Остаток</th>
            <th className={`${th} ${num}`}>Сумма</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const when = formatMoment(r.created_at);
            return (
              <tr key={r.id} data-testid="inventory-row">
                <td className={td}>
                  {when}
                  {r.is_return && (
                    <span className={returnMark} title="Возврат" aria-label="Возврат">
                      ↩
                    </span>
                  )}
                </td>
                <td className={td}>{r.image ? <img className={thumb} src={imageSrc(r.image)} alt="" loading="lazy" /> : <span className={thumb} />}</td>
                <td className={td}>
                  {r.name}
                  {r.articles.length > 0 && <span className={articles}>{r.articles.join(', ')}</span>}
                </td>
                <td className={`${td} ${num}`}>{formatAmount(r.count_max)}</td>
                <td className={`${td} ${num}`}>
                  <BlurNumber value={r.price} step="0.01" label={`Себестоимость, ${r.name}, ${when}`} onSave={(text) => setLotPrice(r, parseNumber(text))} />
                </td>
                <td className={`${td} ${num}`}>
                  <BlurNumber value={r.count} step={1} max={r.count_max} label={`Остаток, ${r.name}, ${when}`} onSave={(text) => setLotCount(r, parseNumber(text))} />
                </td>
                <td className={`${td} ${num}`}>{formatRoubles(r.count * r.price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
