import { createFileRoute, redirect } from '@tanstack/react-router';
import { Shell } from '../app/shell.tsx';
import { hasSession } from '../sync/tokens.ts';

/** Every page but /auth needs a stored token; without one the visit goes to /auth (SPEC §6). */
export const Route = createFileRoute('/_app')({
  beforeLoad: () => {
    if (!hasSession()) throw redirect({ to: '/auth' });
  },
  component: Shell,
});
