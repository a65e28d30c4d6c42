import { stockMessages } from '../../domain/stock-rules.ts';
import { marketplaceTitles, type MarketplaceCode } from '../marketplaces/types.ts';
import { momentText } from './moment-text.ts';

/** An error the API answers as application/problem+json with a Russian `detail`. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: ProblemFieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }

  /** Set when the refusal itself must be recorded: the request's transaction commits anyway. */
  commitChanges = false;

  committingChanges(): this {
    this.commitChanges = true;
    return this;
  }
}

export interface ProblemFieldError {
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: ProblemFieldError[];
}

const titles: Record<number, string> = {
  400: 'Некорректный запрос',
  401: 'Требуется вход',
  403: 'Доступ запрещён',
  404: 'Не найдено',
  405: 'Метод не поддерживается',
  408: 'Время ожидания запроса истекло',
  409: 'Конфликт',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес',
  415: 'Неподдерживаемый формат',
  422: 'Запрос не может быть выполнен',
  424: 'Не выполнено',
  426: 'Нужен WebSocket',
  429: 'Слишком много запросов',
  431: 'Слишком большие заголовки запроса',
  500: 'Внутренняя ошибка сервера',
  503: 'Сервис недоступен',
};

export function problemBody(p: Pick<Problem, 'status' | 'code' | 'detail' | 'errors'>): ProblemBody {
  return {
    type: `https://ostatok.app/problems/${p.code}`,
    title: titles[p.status] ?? 'Ошибка',
    status: p.status,
    detail: p.detail,
    code: p.code,
    ...(p.errors?.length ? { errors: p.errors } : {}),
  };
}

export const notFound = (detail = 'Запись не найдена') => new Problem(404, 'not_found', detail);
export const unauthorized = (detail = 'Войдите в систему', code = 'unauthorized') => new Problem(401, code, detail);
export const forbidden = (detail: string, code = 'forbidden') => new Problem(403, code, detail);
export const conflict = (code: string, detail: string) => new Problem(409, code, detail);

/* Refusals that several routes and services give alike, worded once (texts the device shows too: domain/). */
/** A dated outflow would take units of a lot received after its date: the stock was not there yet. */
export const beforeReceipt = (at: Date, receivedAt: Date) =>
  conflict(
    'before_receipt',
    `На ${momentText(at)} этого товара ещё не было на складе: по FIFO единицы берутся из партии, поступившей ${momentText(receivedAt)}. Укажите дату не раньше поступления`,
  );
export const beforeReserve = (made: Date) =>
  conflict('before_reserve', `Продажа резерва не может быть раньше самого резерва: он сделан ${momentText(made)}`);
export const dateWithoutSale = () =>
  new Problem(400, 'date_without_sale', 'Дату можно указать только вместе с продажей резерва');

/** A reserve or sale made by a marketplace order (docs/rules.md «Заказы маркетплейсов»): only its order moves it. */
interface OrderPosting {
  postingMarketplace: string | null;
  postingNumber: string | null;
}
const orderNamed = (row: OrderPosting) =>
  [marketplaceTitles[row.postingMarketplace as MarketplaceCode] ?? row.postingMarketplace, row.postingNumber]
    .filter(Boolean)
    .join(' ');
export const orderReserve = (row: OrderPosting) =>
  conflict('order_reserve', `Резерв создан заказом ${orderNamed(row)}: он снимется или продастся сам вместе с заказом`);
export const orderSale = (row: OrderPosting) =>
  conflict(
    'order_sale',
    `Продажа создана заказом ${orderNamed(row)}: её меняет только заказ; возврат оформите на экране «Возвраты»`,
  );

/**
 * A barcode another live product of the business already has (docs/rules.md «Штрихкоды»): a scan must name one
 * product. Without the name (the database's unique key caught a race), the code alone.
 */
export const barcodeTaken = (code: string | undefined, productName?: string) =>
  conflict(
    'barcode_taken',
    `${code ? `Штрихкод ${code}` : 'Этот штрихкод'} уже у ${productName === undefined ? 'другого товара' : `товара «${productName}»`}`,
  );
/** The constraint the products_wh_barcodes trigger (migration 0013) runs into. */
export const BARCODE_KEY = 'product_barcodes_user_id_code_pk';
/** The code out of the unique violation's detail: «Key (user_id, code)=(…, 4601234567890) already exists.» */
export const barcodeOfViolation = (detail: string | undefined) =>
  /\(user_id, code\)=\([^,]*, (.*)\) already/.exec(detail ?? '')?.[1];

export const productMissing = (many = false) => notFound(many ? 'Некоторые товары не найдены' : 'Товар не найден');
export const lotMissing = (many = false) => notFound(many ? 'Некоторые партии не найдены' : 'Партия не найдена');
/** Stock counts (docs/rules.md «Инвентаризация»): a posted count never changes; a selection takes only its products. */
export const countPosted = () => conflict('count_posted', 'Инвентаризация проведена: её нельзя изменить');
export const countScope = () => conflict('count_scope', 'Товар не входит в эту инвентаризацию');

export const insufficientStock = (available: number, named = false) =>
  conflict(
    'insufficient_stock',
    named ? stockMessages.insufficientInLot(available) : stockMessages.insufficientStock(available),
  );
export const processedProblem = (errors?: ProblemFieldError[]) =>
  new Problem(409, 'return_processed', stockMessages.returnProcessed, errors);
export const unmatchedProblem = (errors?: ProblemFieldError[]) =>
  new Problem(422, 'return_unmatched', stockMessages.returnUnmatched, errors);

/** A line's refusal names the line, so the batch screen can point at it. */
export function inLine(index: number, err: unknown): unknown {
  if (!(err instanceof Problem)) return err;
  return new Problem(err.status, err.code, `Строка ${index + 1}: ${err.detail}`, err.errors, err.headers);
}
