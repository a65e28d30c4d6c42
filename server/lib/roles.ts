import { roles, type Role } from '../db/schema/team.ts';

export { roles, type Role };

export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

export const roleTitles: Record<Role, string> = { owner: 'Владелец', manager: 'Менеджер', warehouse: 'Склад' };

/** Who may make a call: every member, the owner and managers, or the owner alone. */
export type Access = 'member' | 'manager' | 'owner';

const allowed: Record<Access, readonly Role[]> = {
  member: roles,
  manager: ['owner', 'manager'],
  owner: ['owner'],
};

export const rolesFor = (access: Access): readonly Role[] => allowed[access];
export const allows = (access: Access, role: Role): boolean => allowed[access].includes(role);

export const refusalOf = (access: Access): string =>
  access === 'owner' ? 'Это может сделать только владелец' : 'Это могут сделать только владелец или менеджер';
