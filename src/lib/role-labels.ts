import type { Role } from '../sync/tokens.ts';

/** The roles as the screens name them: /team, the profile. */
export const roleLabel: Record<Role, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  warehouse: 'Склад',
};
