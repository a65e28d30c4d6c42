import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthScreen } from '../features/auth/components/auth-screen.tsx';

/** `expired`: the server ended the session (src/sync/session-end.ts); the screen says what became of unsent edits. */
const authSearch = z.object({ expired: z.coerce.number().optional().catch(undefined) });

export const Route = createFileRoute('/auth')({
  validateSearch: authSearch,
  component: function AuthRoute() {
    return <AuthScreen sessionExpired={Route.useSearch().expired === 1} />;
  },
});
