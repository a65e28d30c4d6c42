import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFound } from '../app/not-found.tsx';
import { LoadingSpinner, NotificationBar, ProgressRing } from '../app/overlays.tsx';

/** Every page: its content plus the three global overlays (docs/screens.md «Оболочка»). */
export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <ProgressRing />
      <LoadingSpinner />
      <NotificationBar />
    </>
  ),
  notFoundComponent: NotFound,
});
