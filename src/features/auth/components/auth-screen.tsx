import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { formError, row } from '../../../ui/controls.css.ts';
import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { hasSession } from '../api/has-session.ts';
import { joinTeam } from '../api/join-team.ts';
import { logIn } from '../api/log-in.ts';
import { logOut } from '../api/log-out.ts';
import { prepareSession } from '../api/session-code.ts';
import { sessionEndReason } from '../api/session-end-reason.ts';
import { signUp } from '../api/sign-up.ts';
import { countUnsent, useUnsentCount } from '../api/use-unsent-count.ts';
import { authCard } from './auth-screen.css.ts';

type Mode = 'login' | 'registration' | 'logout';

// Only the sign-out screen asks for confirmation: the login form paints without the dialog code.
const ConfirmDialog = lazy(() => import('../../../ui/dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/**
 * /auth: login, registration, or logout when a token is stored (docs/screens.md «Адреса»). Every path ends at /.
 * On /join (`invitation`: the link's code) it opens on registration with the code filled in; «У меня уже есть
 * аккаунт» signs in and then joins the team.
 */
export function AuthScreen({ sessionExpired = false, invitation }: { sessionExpired?: boolean; invitation?: string }) {
  const navigate = useNavigate();
  const joining = invitation !== undefined;
  const [mode, setMode] = useState<Mode>(() => (hasSession() ? 'logout' : joining ? 'registration' : 'login'));
  const [code, setCode] = useState(invitation ?? '');
  // Signed in, but the team refused the code: the person is in their own account.
  const [joinRefusal, setJoinRefusal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The unsent count at the tap; 0 while the question is not asked.
  const [unsentAtTap, setUnsentAtTap] = useState(0);
  const unsent = useUnsentCount();
  const goHome = () => void navigate({ to: '/' });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    setBusy(true);
    setError(null);
    const result =
      mode === 'registration'
        ? await signUp({
            login: field('login'),
            password: field('password'),
            first_name: field('first-name'),
            last_name: field('last-name'),
            invitation: code,
          })
        : await logIn(field('login'), field('password'));
    if (!result.ok) {
      setBusy(false);
      return setError(result.problem.detail);
    }
    if (mode === 'login' && joining && code.trim()) {
      const joined = await joinTeam(code);
      if (!joined.ok) {
        setBusy(false);
        return setJoinRefusal(joined.problem.detail);
      }
    }
    setBusy(false);
    goHome();
  }

  // Asked at the tap, not from the live count: that reads 0 until its first query answers.
  async function requestSignOut() {
    const counted = await countUnsent();
    if (counted > 0) setUnsentAtTap(counted);
    else await signOut();
  }

  async function signOut() {
    await logOut();
    // '/' sends a signed-out user back here, to this same mounted screen: it must show the login form.
    setUnsentAtTap(0);
    setMode('login');
    goHome();
  }

  if (mode === 'logout')
    return (
      <Page title="Выход">
        <Card>
          <div className={authCard}>
            <Heading>Выход из системы</Heading>
            {unsent > 0 && (
              <Muted>На устройстве есть неотправленные правки: {unsent}. После выхода они пропадут.</Muted>
            )}
            <Button onClick={() => void requestSignOut()}>Выйти</Button>
          </div>
        </Card>
        <Suspense fallback={null}>
          <ConfirmDialog
            open={unsentAtTap > 0}
            onOpenChange={(open) => !open && setUnsentAtTap(0)}
            title="Выйти без отправки правок?"
            text={`Неотправленные правки (${unsent || unsentAtTap}) будут потеряны. Дождитесь подключения к сети, чтобы их сохранить.`}
            confirmLabel="Выйти"
            danger
            onConfirm={() => void signOut()}
          />
        </Suspense>
      </Page>
    );

  if (joinRefusal !== null)
    return (
      <Page title="Вступление в команду">
        <Card>
          <div className={authCard}>
            <Heading>Не удалось вступить в команду</Heading>
            <div className={formError} role="alert">
              {joinRefusal}
            </div>
            <Muted>Вы вошли в свой аккаунт.</Muted>
            <Button onClick={goHome}>На главную</Button>
          </div>
        </Card>
      </Page>
    );

  const registering = mode === 'registration';
  const endedBy = sessionExpired ? sessionEndReason() : null;
  return (
    <Page title={registering ? 'Регистрация' : 'Вход'}>
      <Card>
        <form className={authCard} onSubmit={(e) => void submit(e)} onFocus={prepareSession} key={mode}>
          <Heading>{registering ? 'Регистрация' : 'Вход'}</Heading>
          {error && (
            <div className={formError} role="alert">
              {error}
            </div>
          )}
          {!registering && (sessionExpired || unsent > 0) && (
            <Muted>
              {sessionExpired && `${endedBy ?? 'Сессия завершена: войдите снова.'} `}
              {unsent > 0 &&
                (endedBy
                  ? `Неотправленные правки (${unsent}) сохранены на этом устройстве: после входа под тем же логином они отправятся, если вы по-прежнему работаете в той же команде, а иначе останутся в «Синхронизации» неотправленными.`
                  : `Неотправленные правки (${unsent}) сохранены на этом устройстве и отправятся после входа под тем же логином.`)}
            </Muted>
          )}
          {joining && (
            <Muted>
              {registering
                ? 'Вас пригласили в команду: зарегистрируйтесь — код приглашения уже вписан.'
                : 'После входа вы вступите в команду по коду приглашения.'}
            </Muted>
          )}
          <TextField label="Логин" name="login" autoComplete="username" />
          <TextField
            label="Пароль"
            name="password"
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
          />
          {registering && (
            <>
              <TextField label="Имя" name="first-name" autoComplete="given-name" />
              <TextField label="Фамилия" name="last-name" autoComplete="family-name" />
            </>
          )}
          {(registering || joining) && (
            <TextField
              label={registering ? 'Код приглашения (если вас пригласили в команду)' : 'Код приглашения'}
              name="invitation"
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          )}
          <div className={row}>
            <Button type="submit" disabled={busy}>
              {registering ? 'Зарегистрироваться' : 'Войти'}
            </Button>
            <Button
              variant="link"
              onClick={() => {
                setError(null);
                setMode(registering ? 'login' : 'registration');
              }}
            >
              {registering ? (joining ? 'У меня уже есть аккаунт' : 'Вход') : 'Регистрация'}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
