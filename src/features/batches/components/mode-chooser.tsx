import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { BatchMode } from '../api/batches-search.ts';
import { chooser } from './batches.css.ts';

const modes: { mode: BatchMode; label: string }[] = [
  { mode: 'purchase', label: 'Закупки' },
  { mode: 'return', label: 'Возвраты' },
  { mode: 'other', label: 'Прочее' },
];

/**
 * Which documents to show (docs/screens.md «Адреса»): asked when the address names none. Closing it means purchases.
 */
export function ModeChooser({ open, onChoose }: { open: boolean; onChoose(mode: BatchMode): void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onChoose('purchase')}
      title="Какие документы показать?"
      footer={<></>}
    >
      <div className={chooser}>
        {modes.map((m) => (
          <Button key={m.mode} variant="secondary" onClick={() => onChoose(m.mode)}>
            {m.label}
          </Button>
        ))}
      </div>
    </Dialog>
  );
}
