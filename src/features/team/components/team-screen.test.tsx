// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../../../tests/server/helpers/test-app.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { startRealServerInJsdom } from '../../../testing/real-server-in-jsdom.ts';
import { signInAs, type RealServer } from '../../../testing/real-server.ts';
import { callAs, invite, ownerOf, signUpWithCode, teamOf } from '../test/team-world.ts';
import { TeamScreen } from './team-screen.tsx';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServerInJsdom();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
/** What waits on the real server: generous, for a loaded machine (the password hashing alone takes a while). */
const slow = { timeout: 10_000 };

const openTeam = () => renderWithRouter(TeamScreen, { path: '/team' });
const memberRow = (login: string) =>
  screen.getAllByTestId('member-row').find((row) => row.textContent?.includes(login))!;

/** An owner signed in on the device, with a warehouse member. */
async function ownerWithMember(businessName: string): Promise<{ owner: TestUser; member: TestUser }> {
  const owner = await ownerOf(server, businessName);
  const member = await signUpWithCode(server, await invite(server, owner));
  signInAs(owner);
  return { owner, member };
}

describe('/team — the owner manages the team', { timeout: 60_000 }, () => {
  it('shows the business and its members; the owner’s row is fixed; a new name is saved on the server', async () => {
    const { owner, member } = await ownerWithMember('Склад Петрова');
    await openTeam();
    const name = await screen.findByLabelText<HTMLInputElement>('Название бизнеса', {}, slow);
    expect(name.value).toBe('Склад Петрова');

    const ownerRole = within(memberRow(owner.login)).getByRole<HTMLSelectElement>('combobox');
    expect(ownerRole.disabled).toBe(true);
    expect(ownerRole.selectedOptions[0]!.textContent).toBe('Владелец');
    expect(within(memberRow(owner.login)).queryByRole('button', { name: 'Убрать' })).toBeNull();
    const memberCells = memberRow(member.login);
    expect(within(memberCells).getByRole<HTMLSelectElement>('combobox').selectedOptions[0]!.textContent).toBe('Склад');
    expect(within(memberCells).getByRole<HTMLInputElement>('switch').checked).toBe(false);
    expect(memberCells.textContent).toContain('Олег Складов');

    fireEvent.change(name, { target: { value: 'Склад на Садовой' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(async () => expect((await teamOf(server, owner)).business.name).toBe('Склад на Садовой'), slow);
  });

  it('«Пригласить» shows the code once with its whole link; the invitation is listed until revoked', async () => {
    const owner = await ownerOf(server, 'Склад Ивановой');
    signInAs(owner);
    await openTeam();
    await screen.findByText('Открытых приглашений нет.', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    const form = await screen.findByRole('dialog', { name: 'Пригласить сотрудника' });
    expect(within(form).getByLabelText<HTMLInputElement>('Срок действия, часов').value).toBe('72');
    fireEvent.click(within(form).getByRole('switch'));
    fireEvent.click(within(form).getByRole('button', { name: 'Создать приглашение' }));

    const shown = await screen.findByRole('dialog', { name: 'Приглашение создано' }, slow);
    const code = within(shown).getByTestId('invitation-code').textContent!;
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(within(shown).getByTestId<HTMLInputElement>('invitation-link').value).toBe(
      `${window.location.origin}/join?code=${code}`,
    );
    expect(shown.textContent).toContain('Код показывается только сейчас');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(shown).getByRole('button', { name: 'Копировать ссылку' }));
    await within(shown).findByRole('button', { name: 'Скопировано' }, slow);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join?code=${code}`);

    fireEvent.click(within(shown).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(code)).toBeNull();
    const row = await screen.findByTestId('invitation-row', {}, slow);
    expect(row.textContent).toContain('Склад');
    expect((await teamOf(server, owner)).invitations).toMatchObject([{ role: 'warehouse', can_see_costs: true }]);

    fireEvent.click(within(row).getByRole('button', { name: 'Отозвать' }));
    await screen.findByText('Открытых приглашений нет.', {}, slow);
    expect((await teamOf(server, owner)).invitations).toEqual([]);
  });

  it('a new role and leave to see costs are made on the server at once', async () => {
    const { owner, member } = await ownerWithMember('Склад Сидорова');
    await openTeam();
    await screen.findByText(member.login, {}, slow);
    fireEvent.click(within(memberRow(member.login)).getByRole('switch'));
    await waitFor(async () => {
      expect((await teamOf(server, owner)).members.find((m) => m.user_id === member.id)?.can_see_costs).toBe(true);
      // Shown as the server has it, the row's controls free again.
      expect(within(memberRow(member.login)).getByRole<HTMLInputElement>('switch')).toMatchObject({
        checked: true,
        disabled: false,
      });
    }, slow);
    fireEvent.change(within(memberRow(member.login)).getByRole('combobox'), { target: { value: 'manager' } });
    await waitFor(
      async () =>
        expect((await teamOf(server, owner)).members.find((m) => m.user_id === member.id)?.role).toBe('manager'),
      slow,
    );
    // A manager sees costs always: no switch.
    await waitFor(() => expect(within(memberRow(member.login)).queryByRole('switch')).toBeNull(), slow);
  });

  it('«Убрать» asks first, saying what becomes of the member; confirmed, they leave the team', async () => {
    const { owner, member } = await ownerWithMember('Склад Орлова');
    await openTeam();
    await screen.findByText(member.login, {}, slow);
    fireEvent.click(within(memberRow(member.login)).getByRole('button', { name: 'Убрать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Убрать сотрудника из команды?' });
    expect(dialog.textContent).toContain('неотправленные правки будут отклонены');
    expect(dialog.textContent).toContain('выйдет из приложения');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await teamOf(server, owner)).members).toHaveLength(2);

    fireEvent.click(within(memberRow(member.login)).getByRole('button', { name: 'Убрать' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(screen.queryByText(member.login)).toBeNull(), slow);
    expect((await teamOf(server, owner)).members.map((m) => m.user_id)).toEqual([owner.id]);
  });

  it('«Движения» lists what the member did to the stock', async () => {
    const { owner, member } = await ownerWithMember('Склад Козлова');
    const { inserted_ids } = await callAs<{ inserted_ids: string[] }>(
      server,
      owner,
      'POST',
      '/api/v1/products/warehouse/add/',
      [{ name: 'Кружка белая' }],
    );
    await callAs(server, member, 'POST', '/api/v1/inventory/', { product_id: inserted_ids[0], count: 3, price: 250 });
    await openTeam();
    await screen.findByText(member.login, {}, slow);
    fireEvent.click(within(memberRow(member.login)).getByRole('button', { name: 'Движения' }));
    const dialog = await screen.findByRole('dialog', { name: 'Последние движения: Олег Складов' });
    const movement = await within(dialog).findByTestId('member-movement', {}, slow);
    expect(movement.textContent).toContain('Кружка белая');
    expect(movement.textContent).toContain('+3');
    expect(movement.textContent).toContain('Поступление');
  });

  it('a refusal shows the server’s reason', async () => {
    const { owner, member } = await ownerWithMember('Склад Зуевой');
    await openTeam();
    await screen.findByText(member.login, {}, slow);
    // Removed meanwhile from another device: the change of its role is refused.
    await callAs(server, owner, 'DELETE', `/api/v1/team/members/${member.id}/`);
    fireEvent.change(within(memberRow(member.login)).getByRole('combobox'), { target: { value: 'manager' } });
    expect((await screen.findByTestId('team-refusal', {}, slow)).textContent).toBe('Сотрудник не найден');
  });
});

describe('/team — who sees it, and offline', { timeout: 60_000 }, () => {
  it('a member who is not the owner sees only that the team is the owner’s', async () => {
    const owner = await ownerOf(server, 'Склад Белова');
    const member = await signUpWithCode(server, await invite(server, owner, 'manager'));
    signInAs(member);
    await openTeam();
    expect(await screen.findByText('Команду видит только владелец.', {}, slow)).toBeTruthy();
    expect(screen.queryByLabelText('Название бизнеса')).toBeNull();
    expect(screen.queryByTestId('member-row')).toBeNull();
  });

  it('offline it says plainly that the team is managed online only', async () => {
    const owner = await ownerOf(server, 'Склад Чернова');
    signInAs(owner);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openTeam();
    expect((await screen.findByTestId('team-offline')).textContent).toBe(
      'Управление командой доступно только при подключении к сети.',
    );
    expect(screen.queryByLabelText('Название бизнеса')).toBeNull();
  });
});
