import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField, TextField } from '../../../ui/text-field.tsx';
import { DEFAULT_EXPIRY_HOURS, invitationLink, inviteMember } from '../api/invite-member.ts';
import { invitedRoles, roleLabel, type InvitedRole } from '../api/labels.ts';
import type { CreatedInvitation } from '../api/types.ts';
import { code as codeClass, linkBox, linkInput, note, toggle, toggleBox } from './team.css.ts';

const roleOptions = invitedRoles.map((role) => ({ value: role, label: roleLabel[role] }));

/**
 * «Пригласить»: the role, for the warehouse whether it sees costs, how long the code works. The code comes back once:
 * shown here with the whole link and a copy button, and never again (the server keeps only its hash).
 */
export function InviteDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onInvited(): void;
}) {
  const [role, setRole] = useState<InvitedRole>('warehouse');
  const [canSeeCosts, setCanSeeCosts] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [copied, setCopied] = useState(false);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    // The code is gone with the dialog: the next invitation starts afresh.
    setCreated(null);
    setError(null);
    setCopied(false);
    setCanSeeCosts(false);
    onOpenChange(false);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const hours = Number(new FormData(e.currentTarget).get('expires-in-hours'));
    setBusy(true);
    setError(null);
    const outcome = await inviteMember({ role, canSeeCosts, expiresInHours: hours });
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    setCreated(outcome.data);
    onInvited();
  }

  const link = created ? invitationLink(created.code) : '';
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (plain-HTTP install, an old browser): the link is selected for the person to copy.
      document.querySelector<HTMLInputElement>('[data-testid="invitation-link"]')?.select();
    }
  }

  if (created)
    return (
      <Dialog open={open} onOpenChange={close} title="Приглашение создано">
        <p>Код приглашения ({roleLabel[created.role]}):</p>
        <p className={codeClass} data-testid="invitation-code">
          {created.code}
        </p>
        <div className={linkBox}>
          <input
            className={linkInput}
            readOnly
            value={link}
            aria-label="Ссылка-приглашение"
            data-testid="invitation-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Скопировано' : 'Копировать ссылку'}
          </Button>
        </div>
        <p className={note} role="note">
          Код показывается только сейчас: отправьте ссылку сотруднику или запишите код. Закрыв окно, увидеть его снова
          нельзя — только отозвать приглашение и создать новое.
        </p>
      </Dialog>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Пригласить сотрудника"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Отмена
          </Button>
          <Button type="submit" form="invite-form" disabled={busy}>
            Создать приглашение
          </Button>
        </>
      }
    >
      <form id="invite-form" onSubmit={(e) => void submit(e)}>
        {error && (
          <div className={formError} role="alert">
            {error}
          </div>
        )}
        <SelectField
          label="Роль"
          name="role"
          options={roleOptions}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as InvitedRole)}
        />
        {role === 'warehouse' && (
          <label className={toggle}>
            <input
              type="checkbox"
              role="switch"
              name="can-see-costs"
              className={toggleBox}
              checked={canSeeCosts}
              onChange={(e) => setCanSeeCosts(e.currentTarget.checked)}
            />
            Видит себестоимость и суммы
          </label>
        )}
        <TextField
          label="Срок действия, часов"
          name="expires-in-hours"
          type="number"
          inputMode="numeric"
          min={1}
          max={720}
          step={1}
          defaultValue={DEFAULT_EXPIRY_HOURS}
          required
        />
      </form>
    </Dialog>
  );
}
