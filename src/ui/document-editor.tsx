import { useState, type ComponentType, type ReactNode } from 'react';
import { formatAmount, formatRoubles } from '../lib/format.ts';
import { Button } from './button.tsx';
import { formError, row } from './controls.css.ts';
import { Muted, Page } from './page.tsx';
import { toolbar } from './page.css.ts';
import { totalsLine } from './table.css.ts';
import { DateField } from './date-field.tsx';

/**
 * The product drawer an editor adds lines from (features/batches ProductDrawer; routes compose it into other editors).
 */
export interface ProductDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A product was clicked: the editor adds a line for it. */
  onPick(productId: string): void;
}

interface Props {
  title: string;
  dateLabel: string;
  date: string;
  onDate(date: string): void;
  submitLabel: string;
  /** Off while there are no lines or a save is under way. */
  canSubmit: boolean;
  onSubmit(): void;
  /** The message above the lines after a refused save, while a line is flagged. */
  flagged?: string;
  error?: string;
  /** Said instead of the lines while there are none. */
  empty?: string;
  /** The lines' units and sum; sum null for a member who does not see costs (the line says units only). */
  totals: { count: number; sum: number | null };
  totalsTestId: string;
  /** The lines' table. */
  children: ReactNode;
  /** Below the lines, e.g. what has already left a batch. */
  after?: ReactNode;
  Drawer: ComponentType<ProductDrawerProps>;
  /** Open at first when a new document starts empty. */
  drawerAtStart: boolean;
  onPick(productId: string): void;
  /** A confirmation before saving, if the editor asks for one. */
  dialog?: ReactNode;
  /** More buttons beside «Товары», e.g. the purchase editor's «Загрузить из файла». */
  actions?: ReactNode;
}

/**
 * The page of a document edited as a whole (docs/screens.md «Адреса»): a date, lines from the product drawer, one save.
 */
export function DocumentEditor(props: Props) {
  const { title, date, onDate, flagged, error, empty, totals, Drawer } = props;
  const [drawerOpen, setDrawerOpen] = useState(props.drawerAtStart);
  return (
    <Page title={title}>
      <div>
        <div className={toolbar}>
          <DateField label={props.dateLabel} name="date" required value={date} onChange={onDate} />
          <div className={row}>
            <Button variant="secondary" aria-expanded={drawerOpen} onClick={() => setDrawerOpen((o) => !o)}>
              Товары
            </Button>
            {props.actions}
            <Button disabled={!props.canSubmit} onClick={props.onSubmit}>
              {props.submitLabel}
            </Button>
          </div>
        </div>
        {flagged && <p className={formError}>{flagged}</p>}
        {error && (
          <p className={formError} role="alert">
            {error}
          </p>
        )}
        {empty ? (
          <Muted>{empty}</Muted>
        ) : (
          <>
            {props.children}
            <p className={totalsLine} data-testid={props.totalsTestId}>
              Итого: {formatAmount(totals.count)} шт.
              {totals.sum !== null && ` на сумму ${formatRoubles(totals.sum)}`}
            </p>
          </>
        )}
        {props.after}
      </div>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} onPick={props.onPick} />
      {props.dialog}
    </Page>
  );
}
