/**
 * Starts the built server (apps/server/dist/main.js, serving apps/web/dist) on a free port with a fresh
 * embedded database, and Debian's Chromium through playwright-core. Nothing is mocked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const main = join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: DEV.email,
      ADMIN_PASSWORD: DEV.password,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /Dashboard: (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

export interface Person {
  id: number;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

let people = 0;

/** A user registered through the API, made staff, admin or dev by the dev account when asked. */
export async function createUser(
  server: Server,
  role: 'member' | 'staff' | 'admin' | 'dev' = 'member',
): Promise<Person> {
  people += 1;
  const person = {
    firstname: `Uji${role}`,
    lastname: `Nomor${people}`,
    email: `${role}${people}.${Date.now()}@e2e.test`,
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
  const { token, user } = await callApi<{ token: string; user: { id: number } }>(server, '/auth/login', {
    body: { email: person.email, password: person.password },
  });
  if (role !== 'member') {
    const dev = await callApi<{ token: string }>(server, '/auth/login', { body: DEV });
    await callApi(server, `/admin/users/${user.id}`, { method: 'PUT', body: { role }, token: dev.token });
  }
  void token;
  return { id: user.id, ...person };
}

export async function signInThroughForm(page: Page, person: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
