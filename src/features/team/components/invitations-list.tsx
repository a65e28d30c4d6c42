import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { roleLabel } from '../api/labels.ts';
import { revokeInvitation } from '../api/revoke-invitation.ts';
import type { Invitation } from '../api/types.ts';
import { td } from './team.css.ts';
import type { RunChange } from './team-screen.tsx';

const columns: Column[] = [
  { label: 'Роль' },
  { label: 'Видит себестоимость' },
  { label: 'Действует до' },
  { label: 'Действия', unnamed: true },
];

/** The invitations nobody has accepted yet; «Отозвать» makes a code useless at once. */
export function InvitationsList({ invitations, run }: { invitations: Invitation[]; run: RunChange }) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <DataTable columns={columns} rows={invitations} testId="invitation-row" empty="Открытых приглашений нет.">
      {(i) => (
        <>
          <td className={td}>{roleLabel[i.role]}</td>
          <td className={td}>{i.role !== 'warehouse' || i.can_see_costs ? 'Да' : 'Нет'}</td>
          <td className={td}>{formatDateTime(i.expires_at)}</td>
          <td className={td}>
            <Button
              variant="secondary"
              disabled={busy === i.id}
              onClick={() => {
                setBusy(i.id);
                void run(() => revokeInvitation(i.id)).finally(() => setBusy(null));
              }}
            >
              Отозвать
            </Button>
          </td>
        </>
      )}
    </DataTable>
  );
}
