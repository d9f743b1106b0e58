/**
 * axe-core on every screen each role reaches (the route table of the contract), plus sign-in and sign-up,
 * in light and dark at 1366 px: no serious or critical finding. Each screen is opened once and audited in
 * both themes, switched with its own toggle (opening it again in the other theme cost as much as the audits).
 * One server for the file.
 */
import { canOpen, ROUTE_ROLES } from '@sewablast/contract/routes';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person, simulate } from './api.ts';
import { readsLanded, settled, trackRequests, useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

type Role = 'member' | 'staff' | 'admin' | 'dev';
const ROLES: Role[] = ['member', 'staff', 'admin', 'dev'];
const THEMES = ['light', 'dark'] as const;
const VIEWPORT = { width: 1366, height: 800 };

const { server, open } = useSuite({ SEED_DEMO: '1', SIM_SCAN_MS: '600000' });
const people = {} as Record<Role, Person>;
/** `?id=` for the screens that edit one row, so they show a form rather than 'not found'. */
const query: Record<string, string> = {};

beforeAll(async () => {
  for (const role of ROLES) people[role] = await createUser(server, role);
  const token = await login(server, DEV);
  const first = async (path: string) =>
    (await callApi<{ data: { id: number }[] }>(server, `${path}/list-per-page?limit=1`, { token })).data[0]?.id;
  for (const [screen, list] of [
    ['/phonenumber/edit', '/admin/phonenumber'],
    ['/proxy/edit', '/admin/proxy'],
    ['/message/edit', '/admin/message'],
    ['/level/edit', '/admin/level'],
  ] as const) {
    const id = await first(list);
    if (id) query[screen] = `?id=${id}`;
  }
  for (const screen of ['/member/edit', '/member/whatsapp', '/bonus/create']) query[screen] = `?id=${people.member.id}`;
  // A linked account gives the WhatsApp list a row with its status and actions to check.
  const member = await callApi<{ token: string }>(server, '/auth/login', { body: people.member });
  const deviceId = `a11y-${Date.now().toString(36)}`;
  await callApi(server, '/admin/whatsapp/new-client', {
    body: { deviceId, userId: people.member.id },
    token: member.token,
  });
  await simulate(server, token, deviceId, 'scan');
  // The monitors with data, each display mode once: raw text (local), the JSON tree and the JSON viewer.
  query['/monitor/remote'] = `?id=${deviceId}&type=JSONTree`;
  query['/monitor/socket'] = `?id=${deviceId}&type=JsonViewer`;
  query['/monitor/realtime'] = `?id=${deviceId}`;
  await jobRowsFor(people.staff, token);
});

/** A linked account with a generator and a validator gives those lists rows, status, progress and actions. */
async function jobRowsFor(person: Person, devToken: string) {
  const token = await login(server, person);
  const device = `a11y-job-${Date.now().toString(36)}`;
  await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId: device, userId: person.id }, token });
  await simulate(server, devToken, device, 'scan');
  let whatsappId = 0;
  for (let tries = 0; !whatsappId && tries < 50; tries++) {
    const { whatsapp } = await callApi<{ whatsapp: { id: number; phonenumber: string | null } }>(
      server,
      `/admin/whatsapp/${device}`,
      { token },
    );
    if (whatsapp.phonenumber) whatsappId = whatsapp.id;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const settings = { whatsapp_id: whatsappId, interval_min: 1, interval_max: 2 };
  await callApi(server, '/admin/generator/create', {
    body: { start_number: '6281200000001', end_number: '6281200000100', ...settings },
    token,
  });
  const form = new FormData();
  for (const [key, value] of Object.entries(settings)) form.append(key, String(value));
  form.append('file', new Blob(['number,name\n6281300000001,Uji\n']), 'target.csv');
  const created = await fetch(`${server.url}/api/admin/validator/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!created.ok) throw new Error(`validator create: ${created.status} ${await created.text()}`);
}

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits for the screen's reads to land: no request in flight and no spinner or 'Loading...' left. */
const settle = (page: Page) =>
  readsLanded(
    page,
    () =>
      !!document.querySelector('[role="status"][aria-label="Memuat"]') ||
      document.body.innerText.includes('Loading...'),
  );

async function audit(page: Page): Promise<Finding[]> {
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map(
          (node) => `${node.target.join(' ')}${node.any[0]?.message ? ` — ${node.any[0].message}` : ''}`,
        ),
      }));
  });
}

function describeFindings(where: string, findings: Finding[]): string[] {
  return findings.map(
    (finding) =>
      `${where}: ${finding.id} (${finding.impact}) ${finding.help}\n${finding.targets
        .slice(0, 5)
        .map((target) => `    ${target}`)
        .join('\n')}${finding.targets.length > 5 ? `\n    … and ${finding.targets.length - 5} more` : ''}`,
  );
}

type Theme = (typeof THEMES)[number];

const themeOf = (page: Page): Promise<Theme> =>
  page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

/**
 * Switches the screen to `theme` as a person would, with the toggle where the screen has one, else by the
 * stored choice and a reload, and waits for the colours' transitions to end.
 */
async function switchTheme(page: Page, theme: Theme) {
  const toggle = page.getByTestId('theme-toggle');
  if (await toggle.count()) {
    await toggle.first().click();
    // Neither hovered nor focused: the toggle is audited as it rests. Away from the collapsed sidebar too.
    await page.mouse.move(VIEWPORT.width / 2, 4);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  } else {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await settle(page);
  }
  await expect.poll(() => themeOf(page)).toBe(theme);
  await settled(page);
}

/** Each screen is opened once and audited in the theme it opened in, then in the other. */
async function auditScreens(role: Role | null): Promise<string[]> {
  const { context, page } = await open({ viewport: VIEWPORT, axe: true });
  trackRequests(page);
  // Besides the role's screens: where a refused path leads, and the not-found screen.
  const paths = role
    ? [...Object.keys(ROUTE_ROLES).filter((path) => canOpen(role, path)), '/not-authorized']
    : [
        '/signin',
        '/signup',
        '/signin?registered=1',
        '/reset-password',
        '/reset-password?token=a11y',
        '/confirm-email?token=a11y',
        '/terms',
        '/privacy-policy',
        '/no/such/screen',
      ];
  if (role) {
    await signInThroughForm(page, people[role]);
    await page.waitForURL((url) => url.pathname !== '/signin');
  }
  const problems: string[] = [];
  const check = async (path: string) => {
    const where = `${role ?? 'public'} ${await themeOf(page)} ${path}`;
    problems.push(...describeFindings(where, await audit(page)));
  };
  try {
    for (const path of paths) {
      await page.goto(`${path}${query[path] ?? ''}`);
      await settle(page);
      await check(path);
      await switchTheme(page, (await themeOf(page)) === 'dark' ? 'light' : 'dark');
      await check(path);
    }
  } finally {
    await context.close();
  }
  return problems;
}

describe('every screen passes axe-core (no serious or critical finding)', () => {
  for (const role of [null, ...ROLES]) {
    it(`${role ?? 'signed out'}, light and dark`, { timeout: 600_000 }, async () => {
      const problems = await auditScreens(role);
      expect(problems.join('\n'), `${problems.length} findings`).toBe('');
    });
  }
});
