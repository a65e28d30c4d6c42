import { createFileRoute } from '@tanstack/react-router';
import { hasSession } from '../features/auth/api/has-session.ts';
import { AuthScreen } from '../features/auth/components/auth-screen.tsx';
import { JoinScreen } from '../features/team/components/join-screen.tsx';
import { searchField, searchSchema } from '../lib/search-params.ts';

/** `code`: the invitation's code, as the owner's link carries it (a code of digits alone may parse as a number). */
const joinSearch = searchSchema({
  code: searchField<string, string>((v) =>
    typeof v === 'string' ? v.slice(0, 100) : typeof v === 'number' ? String(v) : '',
  ),
});

/**
 * /join?code=XXXX-XXXX-XXXX — the link of an invitation to a team (issue 24). Signed in: «Вступить в команду?».
 * Signed out: registration with the code filled in, or «У меня уже есть аккаунт» — sign in, then join.
 */
export const Route = createFileRoute('/join')({
  validateSearch: joinSearch,
  component: function JoinRoute() {
    const { code } = Route.useSearch();
    return hasSession() ? <JoinScreen code={code} /> : <AuthScreen invitation={code} />;
  },
});
