import type { Role, TeamMember } from './types.ts';

export const roleLabel: Record<Role, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  warehouse: 'Склад',
};

/** The roles an invitation or a change may give: the owner is the one who founded the business. */
export const invitedRoles = ['manager', 'warehouse'] as const;
export type InvitedRole = (typeof invitedRoles)[number];

/** Why a movement happened, in the words of the product's history (src/features/product-stock). */
const reasonLabel: Record<string, string> = {
  receipt: 'Поступление',
  correction: 'Правка остатка',
  removal: 'Удаление партии',
  disposal: 'Списание',
  markdown: 'Уценка',
  realization: 'Продажа',
  other_realization: 'Прочая реализация',
  reversal: 'Возврат на склад (отмена или правка расхода)',
};
export const movementReason = (reason: string) => reasonLabel[reason] ?? 'Движение';

/** A member as the owner knows them: the name, or the login when no name was given. */
export const memberName = (m: Pick<TeamMember, 'first_name' | 'last_name' | 'login'>) =>
  [m.first_name, m.last_name].filter(Boolean).join(' ') || m.login;
