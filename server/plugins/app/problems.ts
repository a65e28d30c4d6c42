import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  BARCODE_KEY,
  barcodeOfViolation,
  barcodeTaken,
  Problem,
  problemBody,
  type ProblemFieldError,
} from '../../lib/problem.ts';
import { pgErrorOf } from '../../lib/pg-errors.ts';
import { fieldLabel } from './field-names.ts';
import { marketMessages } from '../../../domain/market-rules.ts';
import { isWriteConflict, writeConflictProblem } from '../../lib/write-conflicts.ts';

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.headers) reply.headers(problem.headers);
  return reply
    .code(problem.status)
    .type('application/problem+json')
    .send(JSON.stringify(problemBody(problem)));
}

// How the detail opens, by where the refused values came from: a form's fields, a list's filters, the page address.
const opening: Record<string, string> = {
  body: 'Проверьте поля',
  querystring: 'Проверьте параметры списка',
  params: 'Неверный адрес',
};

const uniqueConflicts: Record<string, { code: string; detail: string }> = {
  users_login_key: { code: 'login_taken', detail: 'Этот логин уже занят' },
  markets_user_market_id_key: { code: 'market_id_taken', detail: marketMessages.idTaken },
};

interface IssueDetails {
  keys?: string[];
  /** Of a refused alternative (a bare list or an object): each alternative's issues, paths relative to it. */
  errors?: Array<Array<{ code: string; path: PropertyKey[]; message: string } & IssueDetails>>;
}

const joinField = (base: string, path: PropertyKey[]) => [base, ...path.map(String)].filter(Boolean).join('.');

/**
 * One validation issue as field errors. An alternative that failed as a whole (a body that may
 * be a list or an object) is reported by the alternative of the input's own kind, field by field.
 */
function fieldErrors(
  field: string,
  code: string,
  message: string | undefined,
  details: IssueDetails,
): ProblemFieldError[] {
  if (code === 'unrecognized_keys' && details.keys)
    return details.keys.map((k) => ({ field: joinField(field, [k]), message: 'лишнее поле' }));
  if (code === 'invalid_union' && details.errors) {
    const ofKind = details.errors.find(
      (issues) => issues.length > 0 && !issues.some((i) => i.code === 'invalid_type' && i.path.length === 0),
    );
    if (ofKind) return ofKind.flatMap((i) => fieldErrors(joinField(field, i.path), i.code, i.message, i));
  }
  return [{ field: field || '(всё)', message: message ?? 'неверное значение' }];
}

/** Turns every failure into problem+json with a Russian detail; nothing leaks as a bare 500 page. */
export function toProblem(err: FastifyError): Problem {
  if (err instanceof Problem) return err;
  // A route that opens no request transaction still never answers 500 to a lost lock race.
  if (isWriteConflict(err)) return writeConflictProblem();
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: ProblemFieldError[] = err.validation.flatMap((v) =>
      fieldErrors(
        v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        v.keyword,
        v.message,
        v.params as IssueDetails,
      ),
    );
    const start = opening[err.validationContext ?? ''] ?? 'Проверьте данные';
    const list = [...new Set(errors.map((e) => `${fieldLabel(e.field)} — ${e.message}`))].join('; ');
    return new Problem(400, 'validation_failed', `${start}: ${list}`, errors);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Problem(413, 'payload_too_large', 'Запрос слишком большой: уменьшите объём данных');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Problem(415, 'unsupported_media_type', 'Неподдерживаемый формат данных: отправьте JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new Problem(400, 'empty_body', 'Пустое тело запроса: ожидался JSON');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Problem(400, 'malformed_json', 'Тело запроса — некорректный JSON');
    case 'FST_ERR_BAD_URL':
      return new Problem(400, 'bad_url', 'Некорректный адрес запроса');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new Problem(414, 'url_too_long', 'Слишком длинный адрес запроса');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new Problem(400, 'bad_content_length', 'Длина тела запроса не совпадает с заголовком Content-Length');
  }
  if (err instanceof SyntaxError && err.statusCode === 400)
    return new Problem(400, 'malformed_json', 'Тело запроса — некорректный JSON');
  const pgError = pgErrorOf(err);
  if (pgError?.code === '23505') {
    // Two requests racing past a route's own check meet at the unique index: give the loser the same code.
    // A barcode the route's own check missed: the trigger's key names the code in its detail.
    if (pgError.constraint === BARCODE_KEY) return barcodeTaken(barcodeOfViolation(pgError.detail));
    const known = uniqueConflicts[pgError.constraint ?? ''];
    return known
      ? new Problem(409, known.code, known.detail)
      : new Problem(409, 'duplicate', 'Такая запись уже существует');
  }
  // A check constraint is the last line of defence for stock rules (a lot's remaining units stay
  // within 0..received): a request that reaches it is refused, never a 500.
  if (pgError?.code === '23514') {
    const stock = pgError.constraint?.startsWith('lots_') || pgError.constraint?.endsWith('_count_positive');
    return stock
      ? new Problem(
          409,
          'stock_rule',
          'Изменение нарушает правила учёта остатков: остаток партии не может быть меньше 0 или больше поступившего',
        )
      : new Problem(422, 'invalid_value', 'Значение нарушает правила данных');
  }
  // 57014: the statement timeout cancelled a runaway query. Nothing was changed; a retry may succeed.
  if (pgError?.code === '57014')
    return new Problem(
      503,
      'database_timeout',
      'База данных не ответила вовремя: повторите запрос чуть позже',
      undefined,
      { 'retry-after': '1' },
    );
  if (pgError?.code === '23503')
    return new Problem(409, 'reference_missing', 'Связанная запись не найдена или ещё используется');
  // 22021/22P05: a NUL character, which PostgreSQL text and jsonb cannot hold, is bad input, not a server fault.
  // 22003: a number past what a column holds, e.g. a stock total of count × price too big for roubles.
  if (pgError?.code === '22003')
    return new Problem(
      400,
      'invalid_value',
      'Слишком большое число: количество или сумма выходят за допустимые пределы',
    );
  if (pgError && ['22P02', '22021', '22P05'].includes(pgError.code))
    return new Problem(400, 'invalid_value', 'Неверное значение в запросе');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return new Problem(err.statusCode, 'bad_request', 'Запрос не может быть обработан');
  return new Problem(500, 'internal', 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.');
}

export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const problem = toProblem(err);
    if (problem.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: problem.code, status: problem.status }, problem.detail);
    return sendProblem(reply, problem);
  });
});
