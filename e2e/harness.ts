/**
 * Starts the built server (apps/server/dist/main.js, serving apps/web/dist) on a free port with a fresh
 * embedded database, and Debian's Chromium through playwright-core. Nothing is mocked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const DEV = { email: 'dev@e2e.test', password: 'devpass123' };
const ROOT = join(import.meta.dirname, '..');

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now: the OS picks it, and it is handed to the server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok && ((await response.json()) as { ok?: boolean }).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const main = join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: DEV.email,
      ADMIN_PASSWORD: DEV.password,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // The everyday faults only: a rare 405 or 463 at a random seed would make a browser test flaky.
      SIM_FAULTS: 'common',
      // The seeded dev signs in with a password; the two-factor test turns the requirement on.
      TWO_FACTOR_REQUIRED: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A server stuck in shutdown must not hang the run.
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, server: Server, viewport = { width: 1280, height: 800 }) {
  const context: BrowserContext = await browser.newContext({ baseURL: server.url, viewport });
  const page: Page = await context.newPage();
  return { context, page };
}

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

/** Only a dev may change a role, so the seeded dev account does it. */
export async function setRole(server: Server, userId: number, role: 'member' | 'staff' | 'admin' | 'dev') {
  const dev = await callApi<{ token: string }>(server, '/auth/login', { body: DEV });
  await callApi(server, `/admin/users/${userId}`, { method: 'PUT', body: { role }, token: dev.token });
}

export async function createUser(
  server: Server,
  role: 'member' | 'staff' | 'admin' | 'dev' = 'member',
): Promise<Person> {
  const person = await registerUser(server, `Uji${role}`);
  if (role !== 'member') await setRole(server, person.id, role);
  return person;
}

export async function signInThroughForm(page: Page, person: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
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

/** Links a simulated account for `token`'s user and waits until it is connected; answers its row id. */
export async function linkAccount(server: Server, devToken: string, token: string, userId: number, deviceId: string) {
  await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId }, token });
  const scanned = await simulate(server, devToken, deviceId, 'scan');
  if (!scanned.ok) throw new Error(`scan ${deviceId}: ${scanned.status}`);
  const { whatsapp } = await until(
    () => callApi<{ whatsapp: { id: number; state: string } }>(server, `/admin/whatsapp/${deviceId}`, { token }),
    (answer) => answer.whatsapp.state === 'connected',
  );
  return whatsapp.id;
}
