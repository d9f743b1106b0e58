/**
 * The role matrix, generated from the OpenAPI document (issue 9): every operation, as anonymous, a member
 * who owns the rows named, another member, staff, admin and dev, with an empty body and with a valid one.
 * Each answers 401 / 403 / allowed exactly as the operation's declared access (`x-access`, the same rule the
 * server enforces) and DESIGN §5.1 say: outside the role group, 403 before the body is read; inside it, a
 * member or staff naming somebody else's rows gets 403 and never sees them in a list. A route added later is
 * covered without a line here, and cannot be added without declaring its access.
 */
import { ROLE_GROUPS, type Role } from '@sewablast/contract/roles';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { afterAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { example, type Operation, readOperations } from './openapi.ts';

// The matrix sends a few hundred requests per caller: each user's request budget is not what it tests.
const t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 100_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>> & { label: string };
const as = async (role: Role, label: string): Promise<Caller> => ({ ...(await t.loginAs(role)), label });
const owner = await as('member', 'member (owner)');
const callers: Caller[] = [
  await as('member', 'another member'),
  await as('staff', 'staff'),
  owner,
  await as('admin', 'admin'),
  await as('dev', 'dev'),
];

const [account] = await t.db
  .insert(whatsappAccounts)
  .values({
    clientid: 'matrix-owner-device',
    user_id: owner.user.id,
    phonenumber: '6281277700001',
    pushname: 'Owner',
    state: 'connected',
  })
  .returning();
if (!account) throw new Error('no account');
const phone = await t.services.phoneNumbers.create({ number: '6281277700002', name: 'Matrix' });
const proxy = await t.services.proxies.create('10.77.0.1:3128');
const level = await t.services.levels.create({ name: 'Matrix', blast_fee: 100, requirement_blast: 10 });
const template = await t.services.messages.create({
  text: '<p>Matrix</p>',
  buttons: [],
  status: 'active',
  removeMedia: false,
});

/** What `{id}` names in each area; the areas that name a user by it are the owner's rows. */
const ID_BY_AREA: [prefix: string, id: number, owned: boolean][] = [
  ['/api/admin/whatsapp', account.id, true],
  ['/api/admin/account-loss', account.id, true],
  ['/api/admin/users', owner.user.id, true],
  ['/api/admin/messagelog', owner.user.id, true],
  ['/api/admin/withdraw', owner.user.id, true],
  ['/api/admin/bonus', owner.user.id, true],
  ['/api/admin/phonenumber', phone.id, false],
  ['/api/admin/proxy', proxy.id, false],
  ['/api/admin/level', level.id, false],
  ['/api/admin/message', template.id, false],
];
/** Areas whose every user's rows staff read too (DESIGN §5.1: staff handle withdraw requests). */
const BACK_OFFICE_AREAS = ['/api/admin/withdraw'];
/** Areas whose other users' rows only devs see (spec part 2 §6: job lists name the user, "except dev"). */
const DEV_ONLY_AREAS = ['/api/admin/generator', '/api/admin/validator'];
/** Parameters and body fields that name the owner or their account, whatever the area. */
const OWNED_NAMES: Record<string, string | number> = {
  userId: owner.user.id,
  user_id: owner.user.id,
  deviceId: account.clientid,
  whatsappClientId: account.clientid,
  clientid: account.clientid,
};

interface Request {
  url: string;
  body: unknown;
  /** Whether the request names the owner's rows. */
  owned: boolean;
}

function buildRequest(operation: Operation): Request {
  let owned = false;
  const area = ID_BY_AREA.find(([prefix]) => operation.path.startsWith(prefix));
  const valueFor = (name: string, fallback: unknown) => {
    if (name in OWNED_NAMES) {
      owned = true;
      return OWNED_NAMES[name];
    }
    if (name === 'id' && area) {
      owned ||= area[2];
      return area[1];
    }
    return fallback;
  };
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    // An optional query parameter is sent when it names the owner (a list filtered to their rows).
    const sent = parameter.in === 'path' || parameter.required || parameter.name in OWNED_NAMES;
    if (parameter.in === 'header' || !sent) continue;
    const value = String(valueFor(parameter.name, example(parameter.schema)));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.set(parameter.name, value);
  }
  let body = example(operation.body);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    body = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, valueFor(name, value)]));
  }
  return { url: query.size ? `${url}?${query}` : url, body, owned };
}

async function send(operation: Operation, request: Request, headers: Record<string, string>, withBody: boolean) {
  const json = withBody && request.body !== undefined;
  return t.app.inject({
    method: operation.method as 'GET',
    url: request.url,
    headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: json ? JSON.stringify(request.body) : undefined,
  });
}

const isRefusal = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && res.body === JSON.stringify({ msg: SERVER_TEXT.forbidden });

// Operations that remove rows go last, so that the rows stay for the others.
const destructive = (operation: Operation) =>
  operation.method === 'DELETE' || operation.path.endsWith('/remove-client');
// A temporary password ends the owner's sessions, so it goes after everything else.
const endsSessions = (operation: Operation) => operation.path.endsWith('/temporary-password');
const order = (operation: Operation) => (endsSessions(operation) ? 2 : Number(destructive(operation)));
const operations = (await readOperations(t.app)).sort((a, b) => order(a) - order(b));

describe('the role matrix of every operation', () => {
  it('has operations to check, each with a declared access rule', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) expect(operation.access, operation.name).toBeDefined();
  });

  it('declares the access the route tables and DESIGN §5.1 give (a reviewed snapshot: a change shows in review)', () => {
    const groups = Object.entries(ROLE_GROUPS);
    const table = Object.fromEntries(
      operations
        .map((operation) => {
          const { access } = operation;
          const group =
            access === 'public'
              ? 'public'
              : groups.find(([, roles]) => [...roles].sort().join() === [...(access ?? [])].sort().join())?.[0];
          return [operation.name, group ?? JSON.stringify(access)] as const;
        })
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(table).toMatchSnapshot();
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))('%s', async (_name, operation) => {
    const request = buildRequest(operation);
    const anonymous = await send(operation, request, {}, true);
    if (operation.access === 'public') {
      expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBeLessThan(500);
    } else {
      expect(anonymous.statusCode, 'anonymous').toBe(401);
      expect(anonymous.json()).toEqual({ msg: TEXT.tokenMissing });
    }
    for (const caller of callers) {
      const empty = await send(operation, request, caller.headers, false);
      const valid = await send(operation, request, caller.headers, true);
      const context = `${caller.label}: ${valid.statusCode} ${valid.body.slice(0, 200)}`;
      expect(empty.statusCode, `${caller.label}, empty body`).toBeLessThan(500);
      expect(valid.statusCode, context).toBeLessThan(500);
      if (operation.access === 'public' || operation.access === undefined) continue;
      const role = caller.user.role as Role;
      if (!operation.access.includes(role)) {
        expect(isRefusal(empty), `${caller.label}, empty body: ${empty.statusCode} ${empty.body}`).toBe(true);
        expect(isRefusal(valid), context).toBe(true);
        continue;
      }
      const inArea = (areas: string[]) => areas.some((prefix) => operation.path.startsWith(prefix));
      const others = inArea(BACK_OFFICE_AREAS) ? 'backOffice' : inArea(DEV_ONLY_AREAS) ? 'devOnly' : 'managers';
      const seesOwners = caller === owner || (ROLE_GROUPS[others] as readonly Role[]).includes(role);
      expect(valid.statusCode, context).not.toBe(401);
      if (request.owned && !seesOwners) {
        expect(isRefusal(valid), context).toBe(true);
        continue;
      }
      expect(isRefusal(valid), context).toBe(false);
      if (!seesOwners && valid.statusCode < 300) {
        expect(valid.body, context).not.toContain(account.clientid);
        expect(valid.body, context).not.toContain(owner.user.email);
      }
    }
  });
});
