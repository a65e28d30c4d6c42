import type { RefusalTable } from './table.ts';

/*
 * OZON's refusals: the per-item codes of /v2/products/stocks (the Seller API's «Errors» section and the
 * codes of its error type), the gRPC codes of its rpcStatus answers (3 invalid argument, 7 permission
 * denied, 8 exhausted…), and the texts its «all methods» errors carry instead of a code.
 */

const unknownArticle =
  'OZON не знает этот артикул — проверьте связь карточки: артикул на вкладке «На маркетплейсах» должен ' +
  'совпадать с артикулом в кабинете OZON. Если товар там удалён или переименован, загрузите товары заново.';
const pairTooSoon =
  'Остаток этого товара на этом складе меняли меньше 30 секунд назад, а OZON разрешает раз в 30 секунд — ' +
  'передайте остатки ещё раз через минуту.';
const notReady =
  'Товар на OZON ещё не создан, не прошёл модерацию или обновляется — остаток можно будет передать, когда ' +
  'товар станет готов к продаже. Повторите позже.';
const flammable =
  'Легковоспламеняющийся товар нельзя продавать с этого склада — выберите для него подходящий склад в кабинете OZON.';
const badKey =
  'OZON не принял ключ: он неверный, выключен или без нужных прав — проверьте номер клиента и ключ магазина ' +
  'в «Мои магазины» и права ключа в кабинете OZON.';
const rateLimit = 'OZON ограничил частоту запросов — подождите минуту и повторите.';
const outage = 'У OZON временный сбой — повторите через несколько минут.';
const ourRequest =
  'OZON счёл запрос неверным — это ошибка «Остатка», а не ваша. Повторите позже; если не пройдёт, сообщите ' +
  'разработчикам «Остатка» и приложите ответ маркетплейса.';

export const ozonRefusals: RefusalTable = {
  // /v2/products/stocks, per item
  NOT_FOUND: unknownArticle,
  NOT_FOUND_ERROR: unknownArticle,
  offer_id_not_found: unknownArticle,
  SOURCE_TYPE_NOT_FOUND:
    'У товара на OZON нет номера для продажи с вашего склада — проверьте в кабинете OZON, что товар создан ' +
    'и продаётся со склада продавца.',
  WAREHOUSE_NOT_FOUND:
    'OZON не нашёл склад или склад выключен — проверьте в кабинете OZON, что склад продавца активен, ' +
    'и передайте остатки снова.',
  TOO_MANY_REQUESTS: pairTooSoon,
  'Stock is updated too frequently': pairTooSoon,
  STOCK_TOO_BIG: 'Остаток слишком большой: OZON принимает меньше миллиона штук — проверьте количество на складе.',
  product_is_not_created: notReady,
  PRICE_IS_NOT_SENT: notReady,
  INVALID_STATE: notReady,
  PRODUCT_HAS_NOT_BEEN_TAGGED_YET:
    'OZON ещё не отнёс товар к крупногабаритным или обычным: не указаны габариты или разметка не готова — ' +
    'заполните габариты в кабинете OZON и повторите позже.',
  NON_KGT_ON_KGT_WAREHOUSE:
    'Склад — для крупногабаритных товаров, а этот товар обычный: OZON не принимает его остаток на этот склад. ' +
    'Проверьте склады в кабинете OZON.',
  OVER_MAX_OVH_NON_KGT:
    'Крупногабаритный товар нельзя продавать с этого склада — проверьте склады и габариты товара в кабинете OZON.',
  OVER_MAX_OVH_KGT:
    'Вес или габариты товара больше, чем принимает этот склад — проверьте характеристики товара или склад ' +
    'в кабинете OZON.',
  FLAMMABLE_ONLY_ON_SELF_OR_PROVIDER_DELIVERY: flammable,
  FLAMMABLE_ON_NON_KGT_WAREHOUSE: flammable,
  MP_DELIVERY_ONLY_3PL_ERROR:
    'Этот товар нельзя продавать со склада с доставкой OZON — нужен склад с другой службой доставки.',
  MULTIBOX_NOT_ALLOWED_FOR_FBS:
    'Товар из нескольких коробок нельзя продавать с вашего склада — проверьте карточку товара в кабинете OZON.',
  SIZE_REQUIRED_FOR_NOT_UNIQUE_OFFER_ID:
    'Такой же артикул есть у другого товара OZON — сделайте артикулы разными в кабинете OZON.',
  CB_DELIVERY_ONLY_FBP: 'Этот товар OZON продаёт только со склада партнёра, не с вашего — остаток не передаётся.',
  CANNOT_CREATE_FBS_SKU: 'OZON не смог обновить остаток из-за внутренней ошибки — передайте остатки ещё раз.',
  SKU_STOCK_NOT_CHANGE: 'На OZON уже такой остаток — менять нечего.',
  'SKU STOCK NOT CHANGED': 'На OZON уже такой остаток — менять нечего.',

  // rpcStatus.code: gRPC codes
  '3': ourRequest,
  '5': 'OZON не нашёл запрошенное — загрузите товары заново и повторите.',
  '7': badKey,
  '8': rateLimit,
  '13': outage,
  '14': outage,
  '16': badKey,

  // «All methods»: errors told by their text
  'Circle is open': 'OZON временно заблокировал метод из-за множества запросов — повторите через несколько минут.',
  'Internal error': outage,
  'Invalid Api-Key, please check the key and try again':
    'OZON не принял ключ — проверьте номер клиента и ключ магазина в «Мои магазины».',
  'Api-key is deactivated, use another one or generate a new one':
    'Ключ выключен в кабинете OZON — создайте новый ключ и введите его в «Мои магазины».',
  'Api-Key is missing a required role for a method':
    'У ключа нет нужных прав — дайте ему права на товары и остатки в кабинете OZON или создайте новый.',
  'Api-Key is restricted to specific IP addresses':
    'Ключ разрешён только с определённых адресов — снимите это ограничение в кабинете OZON.',
  'You have reached request rate limit per second': rateLimit,
  'You have reached request rate limit per minute': rateLimit,
  // Assembly: /v4/posting/fbs/ship and /v2/posting/fbs/package-label (assembly, ozon-assembly.ts)
  '9': 'OZON не может выполнить действие с отправлением в его нынешнем статусе — проверьте статус в кабинете OZON.',
  POSTING_ALREADY_SHIPPED: 'OZON уже считает отправление собранным — повторно собирать его не нужно.',
  POSTING_CANCELLED: 'Отправление отменено на OZON — собирать и отгружать его не нужно, верните товар на полку.',
  INVALID_POSTING_STATUS:
    'Отправление не ждёт сборки: OZON ещё не передал его продавцу или уже передал дальше — проверьте статус ' +
    'в кабинете OZON.',
  INVALID_PRODUCTS:
    'Состав сборки не совпадает с отправлением на OZON: другие товары или количество — загрузите заказы заново ' +
    'и соберите ещё раз.',
  "The next postings aren't ready":
    'Этикетка OZON ещё не готова: отправление не собрано или собрано меньше минуты назад — повторите через минуту.',
  PERIOD_IS_TOO_LONG: 'OZON отдаёт данные не больше чем за год — выберите период короче.',
  MAX_OFFSET_EXCEEDED: 'OZON отдаёт не больше 20 000 записей за раз — выберите период короче.',
};
