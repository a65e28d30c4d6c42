import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../app/not-found.tsx';

/**
 * Any address no other route takes: «Страница не найдена» inside the shell, menu and header kept (signed out: /auth, as
 * every page).
 */
export const Route = createFileRoute('/_app/$')({ component: NotFound });
