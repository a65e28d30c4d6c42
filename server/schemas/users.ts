import { z } from 'zod';
import { roles } from '../lib/roles.ts';

const login = z.string().trim().min(3).max(100).describe('Логин (обычно e-mail)');
const password = z.string().min(8).max(200);
const personName = z.string().trim().max(100);

export const invitationCode = z
  .string()
  .trim()
  .min(6)
  .max(100)
  .describe('Код приглашения в команду (из ссылки или продиктованный владельцем)');

export const signupBody = z
  .strictObject({
    first_name: personName.default(''),
    last_name: personName.default(''),
    login,
    password,
    invitation: invitationCode.optional().describe('Код приглашения: новый аккаунт сразу входит в эту команду'),
  })
  .meta({ id: 'SignupRequest' });

export const roleSchema = z.enum(roles).describe('Роль: owner — владелец, manager — менеджер, warehouse — склад');

export const userSchema = z
  .object({
    id: z.uuid(),
    login: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    business: z
      .object({ id: z.uuid(), name: z.string() })
      .optional()
      .describe('Бизнес, в котором работает пользователь; его id — user_id всех записей бизнеса'),
    role: roleSchema.optional(),
    can_see_costs: z.boolean().optional().describe('Видны ли себестоимость и суммы'),
  })
  .meta({ id: 'User' });

export const loginBody = z
  .strictObject({
    login: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
    email: z.string().max(100).optional().describe('Тот же логин; принимается для совместимости'),
  })
  .meta({ id: 'LoginRequest' });

export const refreshBody = z.strictObject({ refresh: z.string().min(1).max(500) }).meta({ id: 'RefreshRequest' });

export const tokenPair = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Срок действия access_token, секунды'),
  })
  .meta({ id: 'TokenPair' });

export const toUser = (row: { id: string; login: string; firstName: string; lastName: string }) => ({
  id: row.id,
  login: row.login,
  first_name: row.firstName,
  last_name: row.lastName,
});

/** A logout may come without a body at all: then the access token's sign-in is the one that ends. */
export const logoutBody = z.preprocess(
  (body) => body ?? {},
  z
    .strictObject({
      refresh: z
        .string()
        .min(1)
        .max(500)
        .optional()
        .describe('refresh_token этого сеанса: завершает его, даже когда токен доступа уже истёк'),
    })
    .meta({ id: 'LogoutRequest' }),
);
