import type { Page } from 'playwright-core';

export class AuthPage {
  constructor(readonly page: Page) {}

  async register(user: { login: string; password: string; firstName: string; lastName: string }) {
    await this.page.getByRole('button', { name: 'Регистрация' }).click();
    await this.page.locator('input[name="login"]').fill(user.login);
    await this.page.locator('input[name="password"]').fill(user.password);
    await this.page.locator('input[name="first-name"]').fill(user.firstName);
    await this.page.locator('input[name="last-name"]').fill(user.lastName);
    await this.page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  }

  /** The screen opens on the login form when no token is stored. */
  async login(user: { login: string; password: string }) {
    await this.page.locator('input[name="login"]').fill(user.login);
    await this.page.locator('input[name="password"]').fill(user.password);
    await this.page.getByRole('button', { name: 'Войти' }).click();
  }

  /** Done when the login form is back: the app shows it only after the device was cleared. */
  async logout() {
    await this.page.getByRole('button', { name: 'Выйти' }).click();
    await this.page.locator('input[name="login"]').waitFor();
  }
}
