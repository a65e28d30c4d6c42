// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { StockPushScreen } from './stock-push-screen.tsx';

/* /stock-push is the owner's and the managers' (issue 24): the warehouse role opening it by address is told so. */
function Route() {
  return <StockPushScreen search={{ search: '', only_changes: true }} onSearchChange={() => undefined} />;
}

describe('/stock-push by role', () => {
  it('warehouse: «Недоступно для вашей роли», no «Отправить», nothing asked of the server', async () => {
    signInAsRole('warehouse', { costs: true });
    const fetched = vi.spyOn(globalThis, 'fetch');
    await renderWithRouter(Route, { path: '/stock-push' });
    expect(await screen.findByText('Недоступно для вашей роли')).toBeTruthy();
    expect(screen.queryByTestId('send')).toBeNull();
    expect(screen.queryByTestId('auto-push')).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
  });
});
