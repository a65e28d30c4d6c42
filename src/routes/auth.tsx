import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/components/auth-screen.tsx';
import { searchField, searchSchema } from '../lib/search-params.ts';

/** `expired`: the server ended the session (src/sync/session-end.ts); the screen says what became of unsent edits. */
const authSearch = searchSchema({
  expired: searchField<number, number | undefined>((v) =>
    v === undefined || v === null || v === '' ? undefined : Number.isFinite(Number(v)) ? Number(v) : undefined,
  ),
});

export const Route = createFileRoute('/auth')({
  validateSearch: authSearch,
  component: function AuthRoute() {
    return <AuthScreen sessionExpired={Route.useSearch().expired === 1} />;
  },
});
