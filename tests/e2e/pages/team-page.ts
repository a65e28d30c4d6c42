import type { Locator, Page } from 'playwright-core';

/** /team «Команда» (src/features/team): the business's name, the members, the invitations. */
export class TeamPage {
  constructor(readonly page: Page) {}

  businessName(): Locator {
    return this.page.getByLabel('Название бизнеса');
  }

  /** The screen has read the team from the server. */
  async ready() {
    await this.businessName().waitFor();
  }

  async rename(name: string) {
    await this.businessName().fill(name);
    await this.page.getByRole('button', { name: 'Сохранить' }).click();
  }

  /** «Пригласить»: answers the code and the link the dialog shows once, then closes it. */
  async invite(role: 'manager' | 'warehouse', canSeeCosts = false): Promise<{ code: string; link: string }> {
    await this.page.getByRole('button', { name: 'Пригласить' }).click();
    const form = this.page.getByRole('dialog', { name: 'Пригласить сотрудника' });
    await form.getByLabel('Роль').selectOption(role);
    if (role === 'warehouse' && canSeeCosts) await form.getByRole('switch').check();
    await form.getByRole('button', { name: 'Создать приглашение' }).click();
    const shown = this.page.getByRole('dialog', { name: 'Приглашение создано' });
    const code = (await shown.getByTestId('invitation-code').textContent())!.trim();
    const link = await shown.getByTestId('invitation-link').inputValue();
    await shown.getByRole('button', { name: 'Закрыть' }).click();
    await shown.waitFor({ state: 'detached' });
    return { code, link };
  }

  memberRow(login: string): Locator {
    return this.page.getByTestId('member-row').filter({ hasText: login });
  }

  /** «Убрать» and its confirmation; done when the row is gone. */
  async remove(login: string) {
    await this.memberRow(login).getByRole('button', { name: 'Убрать' }).click();
    await this.page
      .getByRole('dialog', { name: 'Убрать сотрудника из команды?' })
      .getByRole('button', { name: 'Убрать' })
      .click();
    await this.memberRow(login).waitFor({ state: 'detached' });
  }
}

/** /join?code=… signed out: registration with the invitation's code already filled in. */
export async function registerWithInvitation(
  page: Page,
  person: { login: string; password: string; firstName: string; lastName: string },
) {
  await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
  await page.locator('input[name="login"]').fill(person.login);
  await page.locator('input[name="password"]').fill(person.password);
  await page.locator('input[name="first-name"]').fill(person.firstName);
  await page.locator('input[name="last-name"]').fill(person.lastName);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
}
