/**
 * Starts the built server (apps/server/dist/main.js, serving apps/web/dist) on a port the system picks as it
 * binds (PORT=0), with a fresh database of its own on the run's PostgreSQL (database.ts), and Debian's
 * Chromium through playwright-core. Nothing is mocked. The API calls a test's set-up makes are in api.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserServer, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { copyTemplate } from '../apps/server/test/run-database.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const DEV = { email: 'dev@e2e.test', password: 'devpass123' };
const ROOT = join(import.meta.dirname, '..');

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/**
 * The address the server prints once it listens: PORT=0 has the system pick a free port as the server binds
 * it, so that two files starting servers at once cannot both be handed one port found free a moment before.
 */
function boundUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const read = () => {
      const match = /Dashboard: (\S+)\n/.exec(output());
      if (!match?.[1]) return;
      child.stdout?.off('data', read);
      child.off('exit', exited);
      resolve(match[1]);
    };
    const exited = (code: number | null) => reject(new Error(`server exited with ${code}:\n${output()}`));
    child.stdout?.on('data', read);
    child.once('exit', exited);
    setTimeout(() => reject(new Error(`server printed no address:\n${output()}`)), 90_000).unref();
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok && ((await response.json()) as { ok?: boolean }).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * `database`: a copy of the run's migrated template (inside vitest, see global-setup.ts), or 'embedded' for
 * the server's own default, a PostgreSQL it starts in DATA_DIR (a script run outside vitest).
 */
export async function startServer(
  env: Record<string, string> = {},
  database: 'template' | 'embedded' = 'template',
): Promise<Server> {
  const main = join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const copy = database === 'template' ? await copyTemplate(inject('e2eDatabase'), 'sewablast_e2e') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(copy ? { DATABASE_URL: copy.url } : {}),
      ADMIN_EMAIL: DEV.email,
      ADMIN_PASSWORD: DEV.password,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // The everyday faults only: a rare 405 or 463 at a random seed would make a browser test flaky.
      SIM_FAULTS: 'common',
      // Bans at the flat rate the browser tests' seeds were written against, not by behaviour.
      SIM_BANS: 'flat',
      // The seeded dev signs in with a password; the two-factor test turns the requirement on.
      TWO_FACTOR_REQUIRED: '0',
      // Blasts run whatever the time of day; the account safety test turns the rule on.
      ACCOUNT_SAFETY: '0',
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A server stuck in shutdown must not hang the run.
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await copy?.drop();
  };
  try {
    const url = await boundUrl(child, () => output);
    await waitForHealth(url, child, () => output);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const CHROMIUM_OPTIONS = {
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
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/** Chromium for the whole run (global-setup.ts), which each file connects to rather than starting its own. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_OPTIONS);
}

/** The run's Chromium, reached through its WebSocket: each file's contexts are its own, as with a browser of its own. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowser'));
}

export async function signInThroughForm(page: Page, person: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
