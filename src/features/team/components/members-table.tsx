import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type Column } from '../../../ui/data-table.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { changeMember } from '../api/change-member.ts';
import { memberName, roleLabel, type InvitedRole } from '../api/labels.ts';
import { removeMember } from '../api/remove-member.ts';
import type { TeamMember } from '../api/types.ts';
import { MemberMovementsDialog } from './member-movements-dialog.tsx';
import { rowActions, rowSelect, small, td, toggle, toggleBox } from './team.css.ts';
import type { RunChange } from './team-screen.tsx';

const columns: Column[] = [
  { label: 'Сотрудник и логин', sticky: true },
  { label: 'Роль' },
  { label: 'Видит себестоимость' },
  { label: 'Был(а) в сети' },
  { label: 'Действия', unnamed: true },
];

/**
 * The members: role and leave to see costs changed in the row (the owner's row stays as it is), their latest
 * movements, and «Убрать» after a confirmation that says what it does to the member.
 */
export function MembersTable({ members, run }: { members: TeamMember[]; run: RunChange }) {
  // The row whose change is on its way: its controls wait, so a double tap never sends twice.
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [watching, setWatching] = useState<TeamMember | null>(null);
  const rows = members.map((m) => ({ ...m, id: m.user_id }));

  const change = async (userId: string, body: { role?: InvitedRole; can_see_costs?: boolean }) => {
    setBusy(userId);
    await run(() => changeMember(userId, body));
    setBusy(null);
  };

  return (
    <>
      <DataTable columns={columns} rows={rows} testId="member-row">
        {(m) => {
          const name = memberName(m);
          const isOwnerRow = m.role === 'owner';
          return (
            <>
              <td className={td}>
                {name}
                {/* Under the name, not a column of its own: the table fits a tablet's 768 px. */}
                <span className={small}>{m.login}</span>
              </td>
              <td className={td}>
                <select
                  className={rowSelect}
                  aria-label={`Роль: ${name}`}
                  value={m.role}
                  disabled={isOwnerRow || busy === m.user_id}
                  onChange={(e) => void change(m.user_id, { role: e.currentTarget.value as InvitedRole })}
                >
                  <option value="owner" disabled={!isOwnerRow}>
                    {roleLabel.owner}
                  </option>
                  <option value="manager">{roleLabel.manager}</option>
                  <option value="warehouse">{roleLabel.warehouse}</option>
                </select>
              </td>
              <td className={td}>
                {m.role === 'warehouse' ? (
                  <label className={toggle}>
                    <input
                      type="checkbox"
                      role="switch"
                      className={toggleBox}
                      aria-label={`Видит себестоимость: ${name}`}
                      checked={m.can_see_costs}
                      disabled={busy === m.user_id}
                      onChange={(e) => void change(m.user_id, { can_see_costs: e.currentTarget.checked })}
                    />
                    {m.can_see_costs ? 'Да' : 'Нет'}
                  </label>
                ) : (
                  'Да, всегда'
                )}
              </td>
              <td className={td}>{m.last_seen_at ? formatDateTime(m.last_seen_at) : 'Не заходил(а)'}</td>
              <td className={td}>
                <div className={rowActions}>
                  <Button variant="secondary" onClick={() => setWatching(m)}>
                    Движения
                  </Button>
                  {!isOwnerRow && (
                    <Button variant="danger" disabled={busy === m.user_id} onClick={() => setRemoving(m)}>
                      Убрать
                    </Button>
                  )}
                </div>
              </td>
            </>
          );
        }}
      </DataTable>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Убрать сотрудника из команды?"
        text={
          removing
            ? `${memberName(removing)} больше не сможет работать в команде. Его неотправленные правки будут отклонены, а сам он выйдет из приложения на всех устройствах и дальше будет работать в своём собственном аккаунте.`
            : ''
        }
        confirmLabel="Убрать"
        danger
        onConfirm={() => {
          const member = removing!;
          setRemoving(null);
          setBusy(member.user_id);
          void run(() => removeMember(member.user_id)).finally(() => setBusy(null));
        }}
      />
      <MemberMovementsDialog member={watching} onClose={() => setWatching(null)} />
    </>
  );
}
