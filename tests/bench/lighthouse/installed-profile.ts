import { ServerApi } from '../../e2e/helpers/api.ts';
import { eventually } from '../../e2e/helpers/wait.ts';
import { AppPage } from '../../e2e/pages/app-page.ts';
import { AuthPage } from '../../e2e/pages/auth-page.ts';
import { openProfile } from '../client/profile.ts';

export const productName = (i: number) => `Товар для замера ${String(i).padStart(3, '0')}`;

/**
 * A profile as a user's phone has it after working in the app: signed in, `products` products
 * mirrored into IndexedDB, the service worker installed with its precache. The products are made
 * through the API (another device, as far as this profile knows); the app pulls them on sign-in.
 */
export async function prepareInstalledProfile(profileDir: string, baseUrl: string, products: number): Promise<void> {
  const user = { login: `bench-lighthouse-${Date.now()}@example.ru`, password: 'пароль-для-замера' };
  const api = await ServerApi.signUp(baseUrl, { ...user, first_name: 'Бенч', last_name: 'Маяк' });
  const names = Array.from({ length: products }, (_, i) => productName(i + 1));
  await api.call(
    'POST',
    '/api/v1/products/warehouse/add/',
    names.map((name) => ({ name })),
    { 'idempotency-key': crypto.randomUUID() },
  );

  const { context, page } = await openProfile(profileDir, { offline: false });
  try {
    await page.goto(`${baseUrl}/auth`);
    await new AuthPage(page).login(user);
    const app = new AppPage(page);
    await app.expectTitle('Главная');
    await app.waitForServiceWorker();
    await eventually(
      async () => {
        const counts = await app.localRowCounts();
        return counts.products_wh === products && counts.outbox === 0;
      },
      `IndexedDB holds ${products} products`,
      60_000,
    );
    await page.goto(`${baseUrl}/products`);
    await page.getByText(productName(1)).first().waitFor();
  } finally {
    await context.close();
  }
}
