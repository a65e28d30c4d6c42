import type { RefusalTable } from './table.ts';

/*
 * Wildberries' refusals: the codes of its marketplace API's errors (components.schemas.Error and the
 * 409 StocksWarehouseError of PUT /api/v3/stocks/{warehouseId}, 02-products.yaml and 03-orders-fbs.yaml),
 * and the titles of its API gateway's 401 and 429, whose own code is a trace id.
 */

const cargoWarehouse =
  'Склад не подходит для товаров такого размера (малогабаритных, сверхгабаритных или крупногабаритных) — ' +
  'проверьте тип склада и габариты товара в кабинете Wildberries.';
const ourRequest =
  'Wildberries счёл запрос неверным — это ошибка «Остатка», а не ваша. Повторите позже; если не пройдёт, ' +
  'сообщите разработчикам «Остатка» и приложите ответ маркетплейса.';

export const wildberriesRefusals: RefusalTable = {
  // PUT /api/v3/stocks/{warehouseId}: 409, per item
  NotFound:
    'Wildberries не знает этот артикул или размер — проверьте связь карточки: артикул на вкладке ' +
    '«На маркетплейсах» должен совпадать с артикулом продавца в кабинете Wildberries. Если карточка там ' +
    'удалена или изменена, загрузите товары заново.',
  UploadDataLimit: 'Остаток слишком большой: Wildberries принимает не больше 100 000 штук одного размера.',
  SubjectDBSRestriction:
    'Товары этой категории Wildberries не разрешает продавать с вашего склада — остаток не передаётся.',
  SubjectFBSRestriction:
    'Товары этой категории Wildberries не разрешает продавать с доставкой продавцом — остаток не передаётся.',
  CargoWarehouseRestrictionMGT: cargoWarehouse,
  CargoWarehouseRestrictionSGT: cargoWarehouse,
  CargoWarehouseRestrictionSGTKGTPlus: cargoWarehouse,
  CargoWarehouseRestrictionKGTPlus: cargoWarehouse,
  StoreIsProcessing: 'Склад Wildberries сейчас обновляется или удаляется — передайте остатки через минуту.',
  StatusNotAcceptable:
    'Wildberries заблокировал обновление остатков для вашего кабинета — узнайте причину в поддержке Wildberries.',
  WarehouseNameInvalid: 'Wildberries не принял название склада — проверьте склад в кабинете Wildberries.',

  // The marketplace API's 400, 403, 404
  // Assembly: supplies (wildberries-assembly.ts)
  FailedToAddSupplyOrder:
    'Wildberries не добавил сборочное задание в поставку: задание отменено, уже в доставке или поставка закрыта — ' +
    'проверьте задание в кабинете Wildberries.',
  SupplyHasZeroOrders:
    'В поставке Wildberries не осталось сборочных заданий (их отменили) — передавать в доставку нечего.',
  IncorrectRequestBody: ourRequest,
  IncorrectRequest: ourRequest,
  IncorrectParameter: ourRequest,
  BadRequest: ourRequest,
  AccessDenied:
    'Ключ не даёт доступа к этому разделу Wildberries — создайте ключ с нужными категориями (Маркетплейс, ' +
    'Контент, Аналитика) и введите его в «Мои магазины».',

  // The API gateway's answers, told by their title
  unauthorized:
    'Wildberries не принял ключ: он неверный, просрочен или без нужной категории — создайте новый ключ ' +
    'в кабинете Wildberries и введите его в «Мои магазины».',
  'too many requests': 'Wildberries ограничил частоту запросов — подождите минуту и повторите.',
  'Bad Request': ourRequest,
};
