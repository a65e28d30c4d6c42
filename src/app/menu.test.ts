// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { menuItemsForSignedIn } from './menu.ts';

const tokenOf = (claims: Record<string, unknown>) => `e30.${btoa(JSON.stringify(claims))}.signature`;
const labels = () => menuItemsForSignedIn().map((i) => i.label);

afterEach(() => localStorage.clear());

it('«Команда» is in the owner’s menu, after «Профиль»', () => {
  const id = crypto.randomUUID();
  localStorage.setItem('access_token', tokenOf({ sub: id, bid: id, role: 'owner' }));
  expect(labels().slice(0, 3)).toEqual(['Главная', 'Профиль', 'Команда']);
});

it('a manager or a warehouse member has no «Команда»', () => {
  for (const role of ['manager', 'warehouse']) {
    localStorage.setItem('access_token', tokenOf({ sub: crypto.randomUUID(), bid: crypto.randomUUID(), role }));
    expect(labels()).not.toContain('Команда');
    expect(labels()).toContain('Товары');
  }
});
