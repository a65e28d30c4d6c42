import { createFileRoute, redirect } from '@tanstack/react-router';
import { NotFound } from '../app/not-found.tsx';
import { Shell } from '../app/shell.tsx';
import { hasSession } from '../features/auth/api/has-session.ts';

/** Every page but /auth needs a stored token; without one the visit goes to /auth (docs/screens.md «Оболочка»). */
export const Route = createFileRoute('/_app')({
  beforeLoad: () => {
    if (!hasSession()) throw redirect({ to: '/auth' });
  },
  component: Shell,
  notFoundComponent: NotFound,
});
