import { formatDateTime, formatSigned } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Muted } from '../../../ui/page.tsx';
import { memberName, movementReason } from '../api/labels.ts';
import { useMemberMovements } from '../api/member-movements.ts';
import type { TeamMember } from '../api/types.ts';
import { num, td } from './team.css.ts';

const columns: Column[] = [
  { label: 'Когда' },
  { label: 'Товар', sticky: true },
  { label: 'Изменение', num: true },
  { label: 'Причина' },
];

/** «Последние движения» of a member: what they did to the stock, newest first. */
export function MemberMovementsDialog({ member, onClose }: { member: TeamMember | null; onClose(): void }) {
  const state = useMemberMovements(member?.user_id ?? null);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Последние движения: ${memberName(member)}` : 'Последние движения'}
    >
      {state.kind === 'loading' && <Muted>Загружаем…</Muted>}
      {state.kind === 'failed' && <p role="alert">{state.error}</p>}
      {state.kind === 'loaded' && (
        <DataTable
          columns={columns}
          rows={state.movements}
          testId="member-movement"
          empty="Сотрудник ещё не двигал товар."
        >
          {(m) => (
            <>
              <td className={td}>{formatDateTime(m.created_at)}</td>
              <td className={td}>{m.product_name}</td>
              <td className={`${td} ${num}`}>{formatSigned(m.delta)}</td>
              <td className={td}>{movementReason(m.reason)}</td>
            </>
          )}
        </DataTable>
      )}
    </Dialog>
  );
}
