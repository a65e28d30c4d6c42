// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
