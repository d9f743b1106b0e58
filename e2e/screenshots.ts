/**
 * Saves screenshots of the screens for a person to look at: light and dark, desktop and 375 px wide.
 * Run after a build: `npx tsx e2e/screenshots.ts [path ...]` (default: /signin, /signup, /dashboard), as
 * SHOT_ROLE (default admin). Signed-in screens are also shot with the user menu open, and at 375 px with the
 * drawer open; /signup also with its errors.
 * Files go to e2e/screenshots/ (not committed).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_ROUTES } from '@sewablast/contract/routes';
import { createUser } from './api.ts';
import { launchBrowser, signInThroughForm, startServer } from './harness.ts';

const out = join(import.meta.dirname, 'screenshots');
mkdirSync(out, { recursive: true });
const paths = process.argv.slice(2);
const targets = paths.length ? paths : ['/signin', '/signup', '/dashboard'];
const role = (process.env.SHOT_ROLE ?? 'admin') as 'member' | 'staff' | 'admin' | 'dev';

// SMTP_URL, when set, shows /reset-password as a server with mail shows it (nothing is sent by a shot).
// Outside vitest there is no run-wide PostgreSQL: the server starts its own, as `npm start` does.
const server = await startServer(
  {
    SEED_DEMO: '1',
    ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
  },
  'embedded',
);
const browser = await launchBrowser();
try {
  const person = await createUser(server, role);
  for (const [width, height] of [
    [1366, 800],
    [375, 740],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
      const page = await context.newPage();
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const target of targets) {
        const needsSession = !(PUBLIC_ROUTES as readonly string[]).includes(new URL(target, server.url).pathname);
        if (needsSession && !(await context.cookies()).some((cookie) => cookie.name === 'authToken')) {
          await signInThroughForm(page, person);
          await page.waitForURL((url) => url.pathname !== '/signin');
        }
        await page.goto(target);
        await page.waitForLoadState('networkidle');
        const base = target.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
        const shoot = async (state = '', fullPage = true) => {
          const name = `${base}${needsSession ? `-${role}` : ''}${state}-${theme}-${width}.png`;
          await page.screenshot({ path: join(out, name), fullPage });
          process.stdout.write(`${join(out, name)}\n`);
        };
        await shoot();
        // The states a reviewer also needs to see: the form's errors, the open dropdown and the open drawer.
        if (target === '/signup') {
          await page.getByRole('button', { name: 'Sign Up' }).click();
          await shoot('_errors');
        } else if (needsSession && !(await page.locator('[role="dialog"][data-state="open"]').count())) {
          // A screen opened with its modal (such as /profile?edit=1) is shot as it is: the modal covers the header.
          await page.getByTestId('user-menu').click();
          await page.getByTestId('user-menu-identity').waitFor();
          await shoot('_menu');
          await page.keyboard.press('Escape');
          if (width < 768) {
            await page.getByTestId('sidebar-toggle').click();
            await page.waitForTimeout(400);
            // The drawer is fixed to the viewport, which a full-page shot would stretch past.
            await shoot('_drawer', false);
          }
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
