import { useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '../lib/export/sheet.ts';
import { notify } from '../state/app-state.ts';
import { Button } from './button.tsx';
import { hint, item, menu, wrap } from './export-menu.css.ts';

const formats: { format: ExportFormat; label: string; note: string }[] = [
  { format: 'xlsx', label: 'Excel (XLSX)', note: 'числа и даты' },
  { format: 'csv', label: 'CSV', note: 'разделитель «;»' },
];

/**
 * «Экспорт»: a button opening a two-item menu, XLSX or CSV. `onExport` builds and saves the file
 * from the device's data (the screen's feature api), so it works offline; a failure is said in the
 * notification line. Items are touch targets (44 px); Escape or a tap elsewhere closes the menu.
 */
export function ExportMenu({
  onExport,
  label = 'Экспорт',
}: {
  onExport(format: ExportFormat): Promise<void>;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  async function run(format: ExportFormat) {
    setOpen(false);
    setBusy(true);
    try {
      await onExport(format);
    } catch (err) {
      notify(
        { type: 'error', text: `Не удалось сохранить файл: ${err instanceof Error ? err.message : String(err)}` },
        10_000,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={wrap} ref={ref}>
      <Button
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
      >
        {busy ? 'Готовим файл…' : label}
      </Button>
      {open && (
        <div role="menu" aria-label={label} className={menu}>
          {formats.map((f, i) => (
            <button
              key={f.format}
              type="button"
              role="menuitem"
              className={item}
              autoFocus={i === 0}
              onClick={() => void run(f.format)}
            >
              {f.label}
              <span className={hint}>{f.note}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
