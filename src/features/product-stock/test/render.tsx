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
import { render, screen, waitFor } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import { expect } from 'vitest';

/** Any other address: a marker with the path and query, so a test can see where a form went. */
function Elsewhere() {
  const { pathname, search } = useLocation({ select: (l) => ({ pathname: l.pathname, search: l.search }) });
  return <p data-testid="elsewhere">{`${pathname} ${JSON.stringify(search)}`}</p>;
}

/**
 * Renders `Page` at the route `path` of a memory router visited at `url` (like
 * src/testing/render-with-router.tsx), and says where the page navigated: path and parsed query.
 */
export async function renderAt(Page: FunctionComponent, path: string, url: string) {
  const root = createRootRoute({ component: Outlet });
  const children: AnyRoute[] = [
    createRoute({ getParentRoute: () => root, path, component: Page }),
    createRoute({ getParentRoute: () => root, path: '$', component: Elsewhere }),
    createRoute({ getParentRoute: () => root, path: '/', component: Elsewhere }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(children),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  const result = render(<RouterProvider router={router} />);
  return {
    ...result,
    pathname: () => router.state.location.pathname,
    /** Waits until the page went to `target` with the query `search`. */
    async wentTo(target: string, search: Record<string, unknown> = {}) {
      await waitFor(() => expect(router.state.location.pathname).toBe(target), { timeout: 15_000 });
      expect(router.state.location.search).toEqual(search);
      await screen.findByTestId('elsewhere');
    },
  };
}
