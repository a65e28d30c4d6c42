import { useNavigate } from '@tanstack/react-router';
import { useAppState } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Card, Heading, Page } from '../../../ui/page.tsx';
import { useMembership } from '../api/use-membership.ts';

/** /user — «Профиль» with the user's name, the business they work in and their role, and the way to the stores. */
export function ProfileScreen() {
  const user = useAppState((s) => s.user);
  const membership = useMembership();
  const navigate = useNavigate();
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const title = fullName ? `Профиль: ${fullName}` : 'Профиль';
  return (
    <Page title={title}>
      <Card>
        <Heading>{title}</Heading>
        {user && <p>Логин: {user.login}</p>}
        {membership?.businessName && <p data-testid="profile-business">Бизнес: {membership.businessName}</p>}
        {membership && (
          <p data-testid="profile-role">
            Роль: {membership.role}
            {membership.canSeeCosts ? '' : ' (без себестоимости)'}
          </p>
        )}
        <Button onClick={() => void navigate({ to: '/markets' })}>Мои магазины</Button>
      </Card>
    </Page>
  );
}
