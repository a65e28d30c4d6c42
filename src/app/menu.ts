/** The side menu (docs/screens.md «Оболочка»): eleven items and their targets, the home page first. */
export const menuItems = [
  { label: 'Главная', to: '/' },
  { label: 'Профиль', to: '/user' },
  { label: 'Магазины', to: '/markets' },
  { label: 'Товары', to: '/products' },
  { label: 'Заказы', to: '/orders' },
  { label: 'Отгрузки и доставки', to: '/shipping-delivery' },
  { label: 'Приёмка / оприходование', to: '/inventory/batches' },
  { label: 'Возвраты', to: '/returns' },
  { label: 'Уценка', to: '/markdown' },
  { label: 'Списание и прочая реализация', to: '/other-realizations/add' },
  { label: 'Выход', to: '/auth' },
] as const;
