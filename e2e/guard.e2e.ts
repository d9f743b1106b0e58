/** The route guard in the browser, for anonymous visitors and each role. */
import { describe, expect, it } from 'vitest';
import { createUser } from './api.ts';
import { readsLanded, trackRequests, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open } = useSuite();

const NOT_FOUND = "We can't seem to find the page you are looking for!";

describe('the route guard', () => {
  it('sends anonymous visitors to /signin and shows the not-found screen for unknown paths', async () => {
    const { context, page } = await open();
    for (const path of ['/', '/dashboard', '/whatsapp', '/monitor/local']) {
      await page.goto(path);
      await page.waitForURL('**/signin');
    }
    await page.goto('/this/does/not/exist');
    await expect.poll(() => page.getByText(NOT_FOUND).count()).toBe(1);
    expect(await page.getByText('ERROR', { exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to Home Page' }).click();
    await page.waitForURL('**/signin');
    await context.close();
  });

  it('treats a blank token as none, and signs out a token the server refuses', async () => {
    const { context, page } = await open();
    const user = JSON.stringify({ id: 1, firstname: 'Palsu', lastname: 'Saja', email: 'p@e2e.test', role: 'dev' });
    const cookie = (name: string, value: string) => ({ name, value: encodeURIComponent(value), url: server.url });
    await context.addCookies([cookie('authToken', '   '), cookie('user', user)]);
    await page.goto('/dashboard');
    await page.waitForURL('**/signin');

    await context.addCookies([cookie('authToken', 'not.a.token'), cookie('user', user)]);
    await page.goto('/dashboard');
    await page.waitForURL('**/signin');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('authToken');
    await context.close();
  });

  const cases = [
    {
      role: 'member',
      allowed: ['/whatsapp', '/withdraw', '/referral'],
      refused: ['/phonenumber', '/withdraw/requested', '/monitor/local'],
    },
    {
      role: 'staff',
      allowed: ['/generator/list', '/validator/create'],
      refused: ['/whatsapp', '/settings', '/withdraw'],
    },
    {
      role: 'admin',
      allowed: ['/settings', '/member/edit', '/withdraw/requested'],
      refused: ['/withdraw', '/monitor/realtime'],
    },
    { role: 'dev', allowed: ['/monitor/local', '/withdraw', '/proxy/create'], refused: [] },
  ] as const;

  it('lets a dev open a monitor inside the shell, and shows not-found for an unknown path', async () => {
    const dev = await createUser(server, 'dev');
    const { context, page } = await open();
    await signInThroughForm(page, dev);
    await page.waitForURL('**/dashboard');
    await page.goto('/monitor/local');
    await page.getByTestId('sidebar').waitFor();
    await page.getByRole('heading', { name: 'Monitor Local' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/monitor/local');
    await page.goto('/no/such/screen');
    await expect.poll(() => page.getByText(NOT_FOUND).count()).toBe(1);
    await context.close();
  });

  it('opens every staff screen without one refused call: staff screens ask only what staff may read', async () => {
    const staff = await createUser(server, 'staff');
    const { context, page } = await open();
    const refusals: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && response.status() >= 400)
        refusals.push(`${response.status()} ${url.pathname} on ${new URL(page.url()).pathname}`);
    });
    trackRequests(page);
    await signInThroughForm(page, staff);
    await page.waitForURL('**/withdraw/requested?page=1');
    const screens = ['/', '/dashboard', '/generator/list', '/generator/create', '/validator/list'];
    for (const path of [...screens, '/validator/create', '/whatsapp/create', '/profile']) {
      await page.goto(path);
      await page.getByTestId('sidebar').waitFor();
      // Every call the screen makes has had its answer, the refusals counted.
      await readsLanded(page, () => false);
    }
    expect(refusals).toEqual([]);
    await context.close();
  });

  it.each(cases)('lets a $role through where allowed and refuses the rest', async ({ role, allowed, refused }) => {
    const person = await createUser(server, role);
    const { context, page } = await open();
    await signInThroughForm(page, person);
    await page.waitForURL(role === 'staff' ? '**/withdraw/requested?page=1' : '**/dashboard');
    if (role !== 'staff') {
      const title = role === 'member' ? 'Dashboard Member' : 'Dashboard Admin';
      await expect.poll(() => page.getByRole('heading', { name: title }).count()).toBe(1);
    }
    for (const path of allowed) {
      await page.goto(path);
      await page.getByTestId('sidebar').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    for (const path of refused) {
      await page.goto(path);
      await page.waitForURL('**/not-authorized');
      await expect.poll(() => page.getByText('Anda tidak memiliki akses ke halaman ini.').count()).toBe(1);
    }
    // Followed from the not-authorized screen, the last refused path shown.
    if (refused.length > 0) {
      await page.getByRole('link', { name: 'Back to Home Page' }).click();
      await page.waitForURL(role === 'staff' ? '**/withdraw/requested?page=1' : (url) => url.pathname === '/');
    }
    if (role === 'staff') {
      await page.goto('/');
      await page.waitForURL('**/withdraw/requested?page=1');
    }
    await context.close();
  });
});
