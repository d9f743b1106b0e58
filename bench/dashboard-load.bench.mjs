// The dashboard's JavaScript as a browser loads it (DESIGN §10: first load under 150 KB gzip, each screen
// its own chunk). Real Chromium against the built server: the scripts of each signed-out page, of the
// dashboard after signing in, of each role's signed-in pages opened with an empty cache, then what each
// further screen adds when reached inside the app. Sizes are those of the build's gzip copies (the server
// sends Brotli, smaller still, to browsers that take it).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_PAGES, PUBLIC_ROUTES, ROUTE_ROLES } from '../packages/contract/src/routes.ts';
import { BENCH_LOGIN, startServer } from './lib/server.mjs';

const { chromium } = await import('playwright-core');
const DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const gzipped = (path) =>
  existsSync(`${DIST}${path}.gz`)
    ? readFileSync(`${DIST}${path}.gz`).length
    : gzipSync(readFileSync(`${DIST}${path}`)).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const BUDGET = '(budget 150 KB)';

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** `path` opened in a browser context of its own, with an empty cache: its scripts, and where it ended up. */
async function coldLoad(path, storageState) {
  const context = await browser.newContext({ baseURL: server.url, storageState });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const at = new URL(response.url()).pathname;
    if (at.endsWith('.js')) scripts.add(at);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { files: scripts.size, bytes: [...scripts].reduce((sum, at) => sum + gzipped(at), 0), landed };
}
try {
  const page = await browser.newPage({ baseURL: server.url });
  const loaded = new Set();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) loaded.add(path);
  });
  // A screen reached inside the app fetches its chunks after the page is long idle: wait for 500 ms of quiet.
  const settled = async () => {
    let size = -1;
    while (size !== loaded.size) {
      size = loaded.size;
      await page.waitForTimeout(500);
    }
  };
  let counted = new Set();
  const added = () => {
    const fresh = [...loaded].filter((path) => !counted.has(path));
    counted = new Set(loaded);
    return { files: fresh.length, bytes: fresh.reduce((sum, path) => sum + gzipped(path), 0) };
  };

  await page.goto('/signin', { waitUntil: 'networkidle' });
  const signin = added();
  console.log(`first load, /signin: ${signin.files} scripts, ${kb(signin.bytes)} gzip ${BUDGET}`);
  // The other signed-out first-load pages (routes.ts), each in a browser of its own with an empty cache, and the
  // form a reset link opens.
  const signedOut = FIRST_LOAD_PAGES.filter((path) => PUBLIC_ROUTES.includes(path));
  for (const path of [...signedOut.filter((path) => path !== '/signin'), '/reset-password?token=x']) {
    const { files, bytes } = await coldLoad(path);
    console.log(`first load, ${path}: ${files} scripts, ${kb(bytes)} gzip ${BUDGET}`);
  }

  await page.getByLabel('Email').fill(BENCH_LOGIN.email);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_LOGIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await page.waitForLoadState('networkidle');
  const dashboard = added();
  console.log(
    `then /dashboard after signing in: +${dashboard.files} scripts, +${kb(dashboard.bytes)} ` +
      `(${kb(signin.bytes + dashboard.bytes)} in all)`,
  );
  // A signed-in person opening the site again with an empty cache, on each signed-in first-load page (routes.ts)
  // as each role that may open it (each home is a different set of chunks): /dashboard, where staff are sent on
  // to the withdraw queue, and that queue opened directly.
  const post = async (path, body, method = 'POST') => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...server.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const signedIn = async (role) => {
    const person = { email: `cold-${role}@bench.local`, password: 'benchpass1' };
    const signUp = { firstName: 'Bench', lastName: role, ...person, password2: person.password, agreeToTerms: true };
    await post('/auth/register', signUp);
    const { user } = await post('/auth/login', person);
    if (role !== 'member') await post(`/admin/users/${user.id}`, { role }, 'PUT');
    const context = await browser.newContext({ baseURL: server.url });
    const login = await context.newPage();
    await login.goto('/signin');
    await login.getByLabel('Email').fill(person.email);
    await login.getByLabel('Password', { exact: true }).fill(person.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.waitForURL(/\/(dashboard|withdraw\/requested)/);
    const storageState = await context.storageState();
    await context.close();
    return storageState;
  };
  const pathOf = (page) => new URL(page, server.url).pathname;
  const COLD = FIRST_LOAD_PAGES.filter((page) => !signedOut.includes(page)).flatMap((page) =>
    ROUTE_ROLES[pathOf(page)].map((role) => [role, page]),
  );
  const sessions = {};
  for (const [role, path] of COLD) {
    sessions[role] ??= await signedIn(role);
    const { files, bytes, landed } = await coldLoad(path, sessions[role]);
    console.log(
      `first load, ${path} signed in as ${role}${landed === pathOf(path) ? '' : ` (lands on ${landed})`}: ` +
        `${files} scripts, ${kb(bytes)} gzip ${BUDGET}`,
    );
  }

  const screens = Object.keys(ROUTE_ROLES).filter(
    (path) => ROUTE_ROLES[path]?.includes('dev') && !['/', '/dashboard'].includes(path),
  );
  let largest = { path: '', bytes: 0 };
  for (const path of screens) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await settled();
    const screen = added();
    if (screen.bytes > largest.bytes) largest = { path, bytes: screen.bytes };
    console.log(`  ${path.padEnd(20)} +${screen.files} scripts, +${kb(screen.bytes)}`);
  }
  console.log(`largest screen addition: ${largest.path} ${kb(largest.bytes)}`);
} finally {
  await browser.close();
  await server.stop();
}
