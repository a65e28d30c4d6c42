// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setMeta } from '../../../db/meta.ts';
import { getAppState, setUser } from '../../../state/app-state.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { ProfileScreen } from './profile-screen.tsx';

describe('/user — profile (docs/screens.md)', () => {
  it('is titled with the first and last name; «Мои магазины» goes to /markets', async () => {
    setUser({ id: 'u1', first_name: 'Анна', last_name: 'Смирнова', login: 'anna@example.ru' });
    const page = await renderWithRouter(ProfileScreen, { path: '/user' });
    expect(await screen.findByRole('heading', { name: 'Профиль: Анна Смирнова' })).toBeTruthy();
    expect(getAppState().title).toBe('Профиль: Анна Смирнова');
    fireEvent.click(screen.getByRole('button', { name: 'Мои магазины' }));
    await page.waitForPath('/markets');
  });

  it('shows «Профиль» until the user is loaded, then the name', async () => {
    await renderWithRouter(ProfileScreen, { path: '/user' });
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeTruthy();
    act(() => setUser({ id: 'u1', first_name: 'Олег', last_name: 'Петров', login: 'oleg@example.ru' }));
    expect(await screen.findByRole('heading', { name: 'Профиль: Олег Петров' })).toBeTruthy();
  });

  it('says which business the person works in and as what, in Russian', async () => {
    const business = crypto.randomUUID();
    const claims = { sub: crypto.randomUUID(), bid: business, role: 'warehouse', costs: false };
    // The screen reads the claims only (the server checks the signature).
    localStorage.setItem('access_token', `e30.${btoa(JSON.stringify(claims))}.signature`);
    await setMeta('user_id', business);
    await setMeta('business', { id: business, name: 'Склад Петрова' });
    await renderWithRouter(ProfileScreen, { path: '/user' });
    expect((await screen.findByTestId('profile-business')).textContent).toBe('Бизнес: Склад Петрова');
    expect(screen.getByTestId('profile-role').textContent).toBe('Роль: Склад (без себестоимости)');
  });

  it('an owner is «Владелец»; a name kept for another business is not shown as theirs', async () => {
    const business = crypto.randomUUID();
    localStorage.setItem(
      'access_token',
      `e30.${btoa(JSON.stringify({ sub: business, bid: business, role: 'owner' }))}.s`,
    );
    await setMeta('user_id', business);
    await setMeta('business', { id: crypto.randomUUID(), name: 'Прежний склад' });
    await renderWithRouter(ProfileScreen, { path: '/user' });
    expect((await screen.findByTestId('profile-role')).textContent).toBe('Роль: Владелец');
    // The name is read from the device's database: given time to come, it does not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('profile-business')).toBeNull();
    await act(() => setMeta('business', { id: business, name: 'Мой склад' }));
    expect((await screen.findByTestId('profile-business')).textContent).toBe('Бизнес: Мой склад');
  });
});
