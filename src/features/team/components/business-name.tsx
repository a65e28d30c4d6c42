import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { renameBusiness } from '../api/rename-business.ts';
import { bar, besideField, nameField } from './team.css.ts';
import type { RunChange } from './team-screen.tsx';

/** The business's name, as the members see it in their profile. */
export function BusinessName({ name, run }: { name: string; run: RunChange }) {
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = String(new FormData(e.currentTarget).get('business-name') ?? '');
    setBusy(true);
    await run(() => renameBusiness(typed));
    setBusy(false);
  }
  return (
    // Keyed by the saved name: a reload after the save shows the server's spelling.
    <form className={bar} onSubmit={(e) => void save(e)} key={name}>
      <div className={nameField}>
        <TextField label="Название бизнеса" name="business-name" defaultValue={name} maxLength={200} required />
      </div>
      <Button type="submit" className={besideField} disabled={busy}>
        Сохранить
      </Button>
    </form>
  );
}
