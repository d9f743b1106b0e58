/** Set-up through the API, as a browser test's `beforeAll` does it: people, settings, linked accounts, blasts. */
import { DEV, type Server } from './harness.ts';

/** Calls the API directly, as setup for a browser test. */
export async function callApi<T>(
  server: Server,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Does what a phone or WhatsApp would to a simulated device (the dev-only simulator controls). */
export function simulate(server: Server, devToken: string, deviceId: string, action: 'scan' | 'ban' | 'disconnect') {
  return fetch(`${server.url}/dev/simulator/${deviceId}/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${devToken}` },
  });
}

export interface Person {
  id: number;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

let people = 0;

/** Registers a member through the API (as the sign-up form would) and returns their login and id. */
export async function registerUser(server: Server, firstname = 'Uji'): Promise<Person> {
  people += 1;
  const person = {
    firstname,
    lastname: `Nomor${people}`,
    email: `${firstname.toLowerCase()}${people}.${Date.now()}@e2e.test`,
    password: 'rahasia123',
  };
  await callApi(server, '/auth/register', {
    body: {
      firstName: person.firstname,
      lastName: person.lastname,
      email: person.email,
      password: person.password,
      password2: person.password,
      agreeToTerms: true,
    },
  });
  const { user } = await callApi<{ user: { id: number } }>(server, '/auth/login', {
    body: { email: person.email, password: person.password },
  });
  return { id: user.id, ...person };
}

/** Signs in through the API and answers the token. */
export async function login(server: Server, person: { email: string; password: string }): Promise<string> {
  return (await callApi<{ token: string }>(server, '/auth/login', { body: person })).token;
}

/** Changes some of the settings, as the settings form would (it sends them all). */
export async function updateSettings(server: Server, token: string, changes: Record<string, unknown>) {
  const { setting } = await callApi<{ setting: Record<string, unknown> }>(server, '/admin/setting/get', { token });
  const { id: _id, ...fields } = setting;
  await callApi(server, '/admin/setting/update', { method: 'PUT', body: { ...fields, ...changes }, token });
}

/** The price and every level's fee per successful blast set to `fee` by the dev, with other `settings`. */
export async function setBlastFee(
  server: Server,
  devToken: string,
  fee: number,
  settings: Record<string, unknown> = {},
) {
  await updateSettings(server, devToken, { price: fee, ...settings });
  const levels = await callApi<{ data: { id: number; name: string; requirement_blast: number }[] }>(
    server,
    '/admin/level/list-per-page?limit=100',
    { token: devToken },
  );
  for (const { id, name, requirement_blast } of levels.data) {
    await callApi(server, `/admin/level/${id}`, {
      method: 'PUT',
      body: { name, blast_fee: fee, requirement_blast },
      token: devToken,
    });
  }
}

/** Only a dev may change a role, so the seeded dev account does it. */
export async function setRole(server: Server, userId: number, role: 'member' | 'staff' | 'admin' | 'dev') {
  await callApi(server, `/admin/users/${userId}`, { method: 'PUT', body: { role }, token: await login(server, DEV) });
}

export async function createUser(
  server: Server,
  role: 'member' | 'staff' | 'admin' | 'dev' = 'member',
): Promise<Person> {
  const person = await registerUser(server, `Uji${role}`);
  if (role !== 'member') await setRole(server, person.id, role);
  return person;
}

/** Polls `read` until `done` holds: for set-up before the tests, where expect.poll does not work. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeout = 45_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Links a simulated account for `token`'s user and waits until it is connected with its number (the scan
 * gives it a moment later); answers its row id and number.
 */
export async function linkAccount(server: Server, devToken: string, token: string, userId: number, deviceId: string) {
  await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId }, token });
  const scanned = await simulate(server, devToken, deviceId, 'scan');
  if (!scanned.ok) throw new Error(`scan ${deviceId}: ${scanned.status}`);
  const { whatsapp } = await until(
    () =>
      callApi<{ whatsapp: { id: number; state: string; phonenumber: string | null } }>(
        server,
        `/admin/whatsapp/${deviceId}`,
        { token },
      ),
    (answer) => answer.whatsapp.state === 'connected' && Boolean(answer.whatsapp.phonenumber),
  );
  return { id: whatsapp.id, phonenumber: whatsapp.phonenumber as string };
}

export interface AccountCounts {
  state: string;
  count_success: number;
  count_fail: number;
}

/**
 * Blasts in a loop from the linked account `deviceId` until `enough` holds, stops, and answers its counts
 * once they rest: a send under way when the stop arrives still ends and counts.
 */
export async function blastUntil(
  server: Server,
  token: string,
  deviceId: string,
  enough: (counts: AccountCounts) => boolean | Promise<boolean>,
): Promise<AccountCounts> {
  const account = async () =>
    (await callApi<{ whatsapp: AccountCounts }>(server, `/admin/whatsapp/${deviceId}`, { token })).whatsapp;
  await callApi(server, '/admin/whatsapp/start-blasting', { body: { whatsappClientId: deviceId, loop: true }, token });
  await until(
    async () => enough(await account()),
    (done) => done,
  );
  await callApi(server, '/admin/whatsapp/stop-blasting', { body: { whatsappClientId: deviceId }, token });
  let last = '';
  return until(account, (counts) => {
    const now = `${counts.count_success}/${counts.count_fail}`;
    const same = now === last;
    last = now;
    return same;
  });
}
