import { ServerApi } from './api.ts';
import { StockApi } from './stock-api.ts';

/** Who works on a device of the team run: the business's owner, or the warehouse member the owner invited. */
export type Who = 'owner' | 'warehouse';
export const team: readonly Who[] = ['owner', 'warehouse'];

export interface TeamAccount {
  who: Who;
  login: string;
  password: string;
  /** The person's user id (the token's `sub`): the server writes it into created_by of every row they make. */
  userId: string;
}

export interface TeamProduct {
  id: string;
  /** A fixed part of every name the product gets («Товар 3:»), to find its row whatever it is called now. */
  tag: string;
  name: string;
  /** Lots the owner received through the API before the devices signed in (no device made them). */
  setupLots: string[];
  setupUnits: number;
}

export interface TeamBusiness {
  owner: TeamAccount;
  warehouse: TeamAccount;
  products: TeamProduct[];
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; bid: string; role: string };

async function signUp(baseUrl: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/users/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sign-up of ${String(body.login)}: ${res.status} ${await res.text()}`);
}

/**
 * One business made the way people make it, through the API: the owner signs up, adds the products and receives
 * a few units of each, and invites a warehouse member who may see costs (so both devices mirror the same rows);
 * the member signs up with the invitation's code and so works in the owner's business from the first sign-in.
 */
export async function createTeamBusiness(
  baseUrl: string,
  label: string,
  productCount: number,
  setupUnits: number,
): Promise<TeamBusiness> {
  const password = 'пароль-надёжный';
  const ownerLogin = `team-owner-${label}@example.ru`;
  await signUp(baseUrl, { login: ownerLogin, password, first_name: 'Ольга', last_name: 'Владелец' });
  const ownerApi = await ServerApi.logIn(baseUrl, ownerLogin, password);

  const tags = Array.from({ length: productCount }, (_, i) => `Товар ${i + 1}:`);
  const names = tags.map((t) => `${t} исходное название`);
  const ids = await new StockApi(ownerApi).addProducts(names);
  const products: TeamProduct[] = [];
  for (const [i, id] of ids.entries()) {
    const lot = crypto.randomUUID();
    await ownerApi.call('POST', '/api/v1/inventory/', { id: lot, product_id: id, count: setupUnits, price: 100 });
    products.push({ id, tag: tags[i]!, name: names[i]!, setupLots: [lot], setupUnits });
  }

  const { code } = await ownerApi.call<{ code: string }>('POST', '/api/v1/team/invitations/', {
    role: 'warehouse',
    can_see_costs: true,
  });
  const memberLogin = `team-warehouse-${label}@example.ru`;
  await signUp(baseUrl, {
    login: memberLogin,
    password,
    first_name: 'Семён',
    last_name: 'Кладовщик',
    invitation: code,
  });
  const memberApi = await ServerApi.logIn(baseUrl, memberLogin, password);
  const owner = claimsOf(ownerApi.accessToken);
  const member = claimsOf(memberApi.accessToken);
  if (member.bid !== owner.sub || member.role !== 'warehouse')
    throw new Error(`the invited member signed in to business ${member.bid} as ${member.role}, not to ${owner.sub}`);

  return {
    owner: { who: 'owner', login: ownerLogin, password, userId: owner.sub },
    warehouse: { who: 'warehouse', login: memberLogin, password, userId: member.sub },
    products,
  };
}
