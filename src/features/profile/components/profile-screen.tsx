import { useNavigate } from '@tanstack/react-router';
import { useAppState } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Card, Heading, Page } from '../../../ui/page.tsx';

/** /user — «Профиль» with the user's name and the way to their stores. */
export function ProfileScreen() {
  const user = useAppState((s) => s.user);
  const navigate = useNavigate();
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const title = fullName ? `Профиль: ${fullName}` : 'Профиль';
  return (
    <Page title={title}>
      <Card>
        <Heading>{title}</Heading>
        {user && <p>Логин: {user.login}</p>}
        <Button onClick={() => void navigate({ to: '/markets' })}>Мои магазины</Button>
      </Card>
    </Page>
  );
}
