import type { ReactNode } from 'react';
import { notify } from '../../../state/app-state.ts';
import { formatAmount, formatRoubles } from '../../../lib/format.ts';
import { hasCost, HIDDEN_COST } from '../../../ui/cost.ts';
import { authorName } from '../../../ui/members.tsx';
import { Button } from '../../../ui/button.tsx';
import type { SaveOutcome } from '../../../ui/blur-field.tsx';
import { row as rowClass } from '../../../ui/controls.css.ts';
import { BlurNumber } from './blur-input.tsx';
import { foot, num, td } from './stock.css.ts';
import { TrashIcon } from '../../../ui/trash-icon.tsx';

/*
 * The cells the tabs' editable rows share: the same field rules (whole units from 1, money from 0 in
 * kopecks) and the same accessible names («Количество, <when>»), which the page models find them by.
 */

type Save = (value: number) => Promise<SaveOutcome> | SaveOutcome;

export function CountCell({
  when,
  value,
  disabled,
  readOnly,
  onSave,
}: {
  when: string;
  value: number;
  disabled?: boolean;
  /** A role that may not change the row: the number as text, no field. */
  readOnly?: boolean;
  onSave: Save;
}) {
  if (readOnly) return <td className={`${td} ${num}`}>{formatAmount(value)}</td>;
  return (
    <td className={`${td} ${num}`}>
      <BlurNumber label={`Количество, ${when}`} value={value} integer disabled={disabled} onSave={onSave} />
    </td>
  );
}

/**
 * A price to edit in place; «—» when the row has none to show (a member without leave to see costs gets rows
 * without them), and as text for a role that may not change the row.
 */
export function PriceCell({
  label,
  when,
  value,
  disabled,
  readOnly,
  onSave,
}: {
  label: string;
  when: string;
  value: number | undefined;
  disabled?: boolean;
  readOnly?: boolean;
  onSave: Save;
}) {
  if (!hasCost(value) || readOnly)
    return <td className={`${td} ${num}`}>{hasCost(value) ? formatAmount(value) : HIDDEN_COST}</td>;
  return (
    <td className={`${td} ${num}`}>
      <BlurNumber label={`${label}, ${when}`} value={value} disabled={disabled} onSave={onSave} />
    </td>
  );
}

/** The last cell: delete at once, after any status buttons (`actions`, laid out in a row when given). */
export function DeleteCell({
  what,
  when,
  actions,
  onDelete,
}: {
  what: string;
  when: string;
  actions?: ReactNode;
  onDelete(): unknown;
}) {
  const remove = (
    <Button variant="danger" aria-label={`Удалить ${what} ${when}`} title="Удалить" onClick={() => void onDelete()}>
      <TrashIcon />
    </Button>
  );
  return (
    <td className={td}>
      {actions === undefined ? (
        remove
      ) : (
        <span className={rowClass}>
          {actions}
          {remove}
        </span>
      )}
    </td>
  );
}

/** Below a tab's table: units and their sum, e.g. «Продано: 3 шт. на сумму …»; no sum for a member without costs. */
export function CountFoot({
  label,
  rows,
  total,
  testId,
}: {
  label: string;
  rows: { count: number }[];
  /** null: the member does not see costs. */
  total: number | null;
  testId?: string;
}) {
  return (
    <p className={foot} data-testid={testId}>
      {label}: {formatAmount(rows.reduce((s, r) => s + r.count, 0))} шт.
      {total !== null && ` на сумму ${formatRoubles(total)}`}
    </p>
  );
}

/** «Кто»: the member who made the row (its created_by), by name. */
export function AuthorCell({ names, id }: { names: ReadonlyMap<string, string> | undefined; id?: string | null }) {
  return (
    <td className={td} data-testid="author">
      {authorName(names, id)}
    </td>
  );
}

/** A status change the device refused is said in a notice that stays for 10 s. */
export async function reportRefusal(change: Promise<SaveOutcome>): Promise<void> {
  const result = await change;
  if (!result.ok) notify({ type: 'error', text: result.error }, 10_000);
}
