import { z } from 'zod';

const typeNames: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  boolean: 'true или false',
  object: 'объект',
  array: 'список',
  date: 'дата',
  bigint: 'целое число',
};

const formatMessages: Record<string, string> = {
  uuid: 'ожидался идентификатор записи',
  email: 'ожидался адрес электронной почты',
  url: 'ожидался адрес ссылки',
  datetime: 'ожидались дата и время',
  date: 'ожидалась дата ГГГГ-ММ-ДД',
  time: 'ожидалось время',
};

const ruLocale = z.locales.ru();

/**
 * Validation messages in plain Russian, fit to show to a warehouse worker. Covers the issues
 * our schemas raise; anything else falls back to zod's own Russian locale.
 */
export function installRussianZodMessages(): void {
  z.config({
    localeError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          if (issue.input === undefined) return 'обязательное поле';
          return `ожидалось: ${typeNames[issue.expected] ?? issue.expected}`;
        case 'too_small':
          if (issue.origin === 'string') {
            if (issue.input === '') return 'обязательное поле';
            return Number(issue.minimum) <= 1 ? 'не может быть пустым' : `не короче ${issue.minimum} символов`;
          }
          if (issue.origin === 'array') return `не меньше ${issue.minimum} элементов`;
          return issue.inclusive ? `не меньше ${issue.minimum}` : `больше ${issue.minimum}`;
        case 'too_big':
          if (issue.origin === 'string') return `не длиннее ${issue.maximum} символов`;
          if (issue.origin === 'array') return `не больше ${issue.maximum} элементов`;
          return issue.inclusive ? `не больше ${issue.maximum}` : `меньше ${issue.maximum}`;
        case 'invalid_value':
          return `допустимые значения: ${issue.values.map((v) => String(v)).join(', ')}`;
        case 'unrecognized_keys':
          return `неизвестные поля: ${issue.keys.join(', ')}`;
        case 'invalid_format':
          return formatMessages[issue.format] ?? 'неверный формат';
        case 'not_multiple_of':
          return `должно быть кратно ${String(issue.divisor)}`;
        default:
          return ruLocale.localeError(issue);
      }
    },
  });
}
