// temporary (signin-budget helper): lists the scripts of each first load with their gzip sizes
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { BENCH_LOGIN, startServer } from './lib/server.mjs';
const { chromium } = await import('playwright-core');
const DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const gz = (p) => existsSync(`${DIST}${p}.gz`) ? readFileSync(`${DIST}${p}.gz`).length : gzipSync(readFileSync(`${DIST}${p}`)).length;
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function list(ctx, path) {
  const page = await ctx.newPage();
  const seen = new Set();
  page.on('response', (r) => { const p = new URL(r.url()).pathname; if (p.endsWith('.js')) seen.add(p); });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  let t = 0;
  console.log(`== ${path}`);
  for (const p of [...seen].sort((a, b) => gz(b) - gz(a))) { t += gz(p); console.log(`  ${(gz(p) / 1024).toFixed(1).padStart(6)} ${p}`); }
  console.log(`  total ${(t / 1024).toFixed(1)} KB, ${seen.size} scripts`);
  return page;
}
try {
  const anon = await browser.newContext({ baseURL: server.url });
  for (const p of process.argv.slice(2).filter((a) => !a.startsWith('+'))) await list(anon, p);
  const page = await anon.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(BENCH_LOGIN.email);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_LOGIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  const state = await anon.storageState();
  for (const p of process.argv.slice(2).filter((a) => a.startsWith('+'))) {
    const cold = await browser.newContext({ baseURL: server.url, storageState: state });
    await list(cold, p.slice(1));
    await cold.close();
  }
} finally { await browser.close(); await server.stop(); }
