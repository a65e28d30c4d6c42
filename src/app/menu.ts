import { membershipFromToken } from '../sync/tokens.ts';

/**
 * The side menu (docs/screens.md «Оболочка»): its items and their targets, the home page first. «Команда» is the
 * owner's alone (the server answers its calls to no one else).
 */
export const menuItems = [
  { label: 'Главная', to: '/' },
  { label: 'Профиль', to: '/user' },
  { label: 'Команда', to: '/team', ownerOnly: true },
  { label: 'Магазины', to: '/markets' },
  { label: 'Товары', to: '/products' },
  { label: 'Заказы', to: '/orders' },
  { label: 'Отгрузки и доставки', to: '/shipping-delivery' },
  { label: 'Приёмка / оприходование', to: '/inventory/batches' },
  { label: 'Возвраты', to: '/returns' },
  { label: 'Уценка', to: '/markdown' },
  { label: 'Списание и прочая реализация', to: '/other-realizations/add' },
  { label: 'Инвентаризация', to: '/counts' },
  { label: 'Выход', to: '/auth' },
] as const;

/** The items the signed-in person sees: the role comes from the access token, so it holds offline too. */
export function menuItemsForSignedIn() {
  const owner = membershipFromToken()?.role === 'owner';
  return menuItems.filter((item) => owner || !('ownerOnly' in item));
}
