import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useOnline } from '../../../lib/use-online.ts';
import { Button } from '../../../ui/button.tsx';
import { formError, row } from '../../../ui/controls.css.ts';
import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { joinTeam, useUnsentCount } from '../api/join-team.ts';
import { narrowCard, note } from './team.css.ts';

/**
 * /join?code=… for a signed-in person: «Вступить в команду?». Joining moves the person into the inviting business
 * (their own stays theirs, without them), so the device's data is replaced by the team's; then the home page.
 */
export function JoinScreen({ code }: { code: string }) {
  const navigate = useNavigate();
  const online = useOnline();
  const unsent = useUnsentCount();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = String(new FormData(e.currentTarget).get('invitation') ?? '');
    setBusy(true);
    setError(null);
    const result = await joinTeam(typed);
    setBusy(false);
    if (result.ok) void navigate({ to: '/' });
    else setError(result.problem.detail);
  }

  return (
    <Page title="Вступить в команду">
      <Card>
        <form className={narrowCard} onSubmit={(e) => void submit(e)}>
          <Heading>Вступить в команду?</Heading>
          {error && (
            <div className={formError} role="alert">
              {error}
            </div>
          )}
          <Muted>
            Вы перейдёте в команду, пригласившую вас, и будете работать с её товарами и магазинами. Данные вашего
            нынешнего аккаунта на этом устройстве заменятся данными команды.
          </Muted>
          {unsent > 0 && (
            <p className={note}>
              На устройстве есть неотправленные правки: {unsent}. Они будут отправлены до вступления; те, что отправить
              не удастся, останутся в «Синхронизации» как неотправленные.
            </p>
          )}
          {!online && (
            <p className={note} role="status">
              Вступить в команду можно только при подключении к сети.
            </p>
          )}
          <TextField label="Код приглашения" name="invitation" defaultValue={code} autoComplete="off" required />
          <div className={row}>
            <Button type="submit" disabled={busy || !online}>
              Вступить
            </Button>
            <Button variant="secondary" onClick={() => void navigate({ to: '/' })}>
              Отмена
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
