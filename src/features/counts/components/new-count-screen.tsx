import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Card, Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { createCount } from '../api/create-count.ts';
import { useProductChoices } from '../api/use-count-document.ts';
import * as css from './counts.css.ts';

/** /counts/new: a name, the whole warehouse or chosen products; made on the device, so offline too. */
export function NewCountScreen() {
  const navigate = useNavigate();
  const products = useProductChoices();
  const [name, setName] = useState(`Инвентаризация ${formatDate(Date.now())}`);
  const [scope, setScope] = useState<'all' | 'selection'>('all');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase('ru');
    return (products ?? []).filter((p) => !q || p.name.toLocaleLowerCase('ru').includes(q));
  }, [products, query]);

  function toggle(id: string) {
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setError(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (scope === 'selection' && chosen.size === 0) {
      setError('Выберите хотя бы один товар');
      return;
    }
    setSaving(true);
    try {
      const id = await createCount({ name, scope, productIds: [...chosen] });
      await navigate({ to: '/counts/$countId', params: { countId: id } });
    } catch {
      setError('Не удалось сохранить инвентаризацию на устройстве');
      setSaving(false);
    }
  }

  return (
    <Page title="Новая инвентаризация">
      <Card>
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            label="Название"
            name="name"
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
          />
          <div className={css.scopeChoice} role="radiogroup" aria-label="Что считаем">
            <label className={css.pickRow}>
              <input
                type="radio"
                className={css.checkbox}
                name="scope"
                checked={scope === 'all'}
                onChange={() => setScope('all')}
              />
              Весь склад
            </label>
            <label className={css.pickRow}>
              <input
                type="radio"
                className={css.checkbox}
                name="scope"
                checked={scope === 'selection'}
                onChange={() => setScope('selection')}
              />
              Выбранные товары
            </label>
          </div>
          {scope === 'selection' && (
            <>
              <TextField
                label="Найти товар"
                type="search"
                placeholder="Название товара"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
              <div className={css.picker} role="group" aria-label="Товары инвентаризации">
                {shown.map((p) => (
                  <label key={p.id} className={css.pickRow}>
                    <input
                      type="checkbox"
                      className={css.checkbox}
                      checked={chosen.has(p.id)}
                      onChange={() => toggle(p.id)}
                    />
                    {p.name}
                  </label>
                ))}
                {products && shown.length === 0 && <p className={css.notice}>Товаров не найдено</p>}
              </div>
              <p className={css.notice}>Выбрано товаров: {chosen.size}</p>
            </>
          )}
          {error && (
            <p className={formError} role="alert">
              {error}
            </p>
          )}
          <Button type="submit" disabled={saving}>
            Создать
          </Button>
        </form>
      </Card>
    </Page>
  );
}
