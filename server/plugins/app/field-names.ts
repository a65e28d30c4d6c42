/*
 * Russian names of the fields and parameters the API's schemas take (request bodies, query strings,
 * path parameters), so a validation message names what the seller sees on the form, not a JSON key.
 * `errors` of a problem keeps the machine paths for programs; only `detail` uses these names.
 */

const fieldNames: Record<string, string> = {
  // Account and session
  login: 'Логин',
  email: 'Логин',
  password: 'Пароль',
  first_name: 'Имя',
  last_name: 'Фамилия',
  refresh: 'Ключ обновления сессии',
  access_token: 'Ключ доступа',

  // Team
  invitation: 'Код приглашения',
  code: 'Код приглашения',
  role: 'Роль',
  can_see_costs: 'Видит себестоимость',
  expires_in_hours: 'Срок приглашения',
  created_by: 'Кто создал',
  updated_by: 'Кто изменил',

  // Stores
  market_id: 'Идентификатор магазина',
  market_ids: 'Магазины',
  // Stock push (/stock-push)
  job_id: 'Передача остатков',
  auto_push: 'Автоматическая передача остатков',
  order_intake: 'Приём заказов',
  order_intake_interval: 'Как часто проверять заказы',
  store_id: 'Магазин',
  realization_id: 'Продажа',
  stage: 'Этап заказа',
  marketplace: 'Маркетплейс',
  marketplace_status: 'Статус на маркетплейсе',
  marketplace_error: 'Ответ маркетплейса',
  name: 'Название',
  description: 'Описание',

  // Products
  product: 'Товар',
  product_id: 'Товар',
  product_wh: 'Складской товар',
  products: 'Товары',
  products_mp: 'Карточки маркетплейсов',
  main_id: 'Основной товар',
  id: 'Идентификатор',
  ids: 'Список',
  _id: 'Идентификатор',
  article: 'Артикул',
  articles: 'Артикулы',
  offer_id: 'Артикул на маркетплейсе',
  images: 'Изображения',
  shelf: 'Место на складе',
  barcodes: 'Штрихкоды',
  primary_image: 'Главное изображение',
  primary_images: 'Главные изображения',
  file: 'Файл',
  group: 'Группа',

  // Stock
  count: 'Количество',
  price: 'Цена',
  markdown_price: 'Цена уценки',
  realization_price: 'Цена реализации',
  total_price: 'Сумма',
  total_sum: 'Сумма',
  total_count: 'Количество',
  stock_count: 'Остаток',
  stock_value: 'Сумма остатка',
  lot_id: 'Партия',
  inventory_id: 'Партия',

  // Stock counts
  scope: 'Что считаем',
  product_ids: 'Товары',
  count_id: 'Инвентаризация',
  quantity: 'Посчитано',
  inventory_ids: 'Партии документа',
  inventories: 'Партии',
  batch: 'Документ',
  batch_id: 'Документ',
  batch_date: 'Дата документа',
  kind: 'Вид документа',
  date: 'Дата',
  created_at: 'Дата',
  datetime: 'Дата',
  date_start: 'Дата начала',
  date_end: 'Дата окончания',
  date_from: 'Дата начала',
  date_to: 'Дата окончания',
  disposal_id: 'Списание',
  disposals: 'Списания',
  markdown_ids: 'Уценки',
  markdowns: 'Уценки',
  other_realization_ids: 'Прочие реализации',
  other_realizations: 'Прочие реализации',
  release: 'Продано',
  reserve: 'Резерв',
  confirmed: 'Подтверждение',
  final_moment: 'Момент завершения',

  // Returns and shipping
  return_id: 'Возврат',
  returned_at: 'Дата возврата',
  order_number: 'Номер отправления',
  number: 'Номер',
  status: 'Статус',
  processed: 'Оприходован',
  to: 'Направление',
  sufficiency: 'Достаточность',

  // Lists and paging (results, thumbnails, more: figures of a document the server fills in)
  results: 'Результаты',
  thumbnails: 'Миниатюры',
  more: 'Ещё товаров',
  page: 'Страница',
  page_size: 'Размер страницы',
  limit: 'Количество записей',
  order_by: 'Сортировка',
  search: 'Поиск',
  available_only: 'Только в наличии',
  just_not_sold_out: 'Только с остатком',
  is_return: 'Режим возвратов',
  is_other: 'Режим прочих реализаций',

  // Offline queue and sync
  table: 'Таблица',
  since: 'Момент последней синхронизации',
  format: 'Формат ответа',
  history_from: 'Начало окна истории',
  before: 'Раньше чем',
  version: 'Версия записи',
  method: 'Действие',
  path: 'Адрес изменения',
  body: 'Данные изменения',
  entries: 'Изменения',
  user_id: 'Пользователь',
  updated_at: 'Дата изменения',
  deleted_at: 'Дата удаления',
};

/**
 * A machine path (`login`, `inventories.2.count`, `ids.0`) as a Russian name: the last named key from
 * the dictionary, with the row number of a list (1-based, as the seller counts rows). A key the
 * dictionary lacks is still readable: «поле «key»», never a bare path.
 */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((p) => p !== '' && p !== '(всё)');
  const isIndex = (p: string | undefined) => p !== undefined && /^\d+$/.test(p);
  const item = isIndex(parts.at(-1)) ? Number(parts.pop()) + 1 : undefined;
  const at = parts.findLastIndex((p) => !isIndex(p));
  const row = isIndex(parts[at === -1 ? parts.length - 1 : at - 1])
    ? Number(parts[at === -1 ? parts.length - 1 : at - 1]) + 1
    : undefined;
  const key = at === -1 ? undefined : parts[at]!;
  let label =
    key === undefined
      ? row === undefined && item === undefined
        ? 'Данные запроса'
        : ''
      : (fieldNames[key] ?? `поле «${key}»`);
  if (row !== undefined) label = label ? `Строка ${row}: ${lowerFirst(label)}` : `Строка ${row}`;
  if (item !== undefined) label = label ? `${label}, элемент ${item}` : `Строка ${item}`;
  return label;
}

/** «Количество» → «количество» inside a phrase; abbreviations such as «НДС» stay. */
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** Whether the dictionary names this key (used by the test that every schema field has a name). */
export const hasFieldName = (key: string): boolean => key in fieldNames;
