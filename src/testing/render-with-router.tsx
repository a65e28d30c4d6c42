import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type AnyRoute,
} from '@tanstack/react-router';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import { expect } from 'vitest';

export interface RouterRenderResult extends RenderResult {
  /** The memory history's current path. */
  pathname(): string;
  /** Waits until the router is at `path` (the component under test navigated there). */
  waitForPath(path: string): Promise<void>;
}

/** Every path that is not the page under test: a plain marker, so navigation has somewhere to land. */
function Elsewhere() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return <p data-testid="elsewhere">Другая страница: {pathname}</p>;
}

/**
 * Renders `Page` as the route `path` (TanStack syntax, e.g. '/market/$marketId') of a small memory
 * router, visited at `url`. `/` and a catch-all exist too, so useNavigate and Link work as in the app.
 */
export async function renderWithRouter(
  Page: FunctionComponent,
  { path = '/', url = path }: { path?: string; url?: string } = {},
): Promise<RouterRenderResult> {
  const root = createRootRoute({ component: Outlet });
  const children: AnyRoute[] = [
    createRoute({ getParentRoute: () => root, path, component: Page }),
    createRoute({ getParentRoute: () => root, path: '$', component: Elsewhere }),
  ];
  if (path !== '/') children.push(createRoute({ getParentRoute: () => root, path: '/', component: Elsewhere }));
  const router = createRouter({
    routeTree: root.addChildren(children),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  const result = render(<RouterProvider router={router} />);
  const pathname = () => router.state.location.pathname;
  return {
    ...result,
    pathname,
    async waitForPath(target) {
      // Generous: signing up hashes the password twice on a real server, slow on a loaded machine.
      await waitFor(() => expect(pathname()).toBe(target), { timeout: 15_000 });
      await screen.findByTestId('elsewhere');
    },
  };
}
