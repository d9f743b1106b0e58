/**
 * Every list keeps its controls on screen at every width from 320 to 1920 px, for each role that sees it and
 * with jobs running: each control of the screen (row actions above all) lies inside the viewport and is what
 * a click at its centre reaches, with no sideways scrolling of the page or of a table. And axe finds nothing
 * serious on the lists with row controls at a phone's and a tablet's width, light and dark: audited during
 * the dev's walk, where the page already stands at those widths (a walk of its own cost two sign-ins and 20
 * page loads more).
 */
import { canOpen } from '@sewablast/contract/routes';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login, type Person, simulate } from './api.ts';
import { axeFindings, readsLanded, settled, trackRequests, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

type Role = 'member' | 'staff' | 'admin' | 'dev';
const ROLES: Role[] = ['member', 'staff', 'admin', 'dev'];
const WIDTHS = [320, 375, 640, 768, 1024, 1280, 1366, 1920];
/** The widths axe audits the lists at, light and dark: a phone's and a tablet's. */
const AXE_WIDTHS = [375, 1024];
const HEIGHT = 800;
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };

/** A list screen, and whether its rows carry controls for a role (so that an empty check cannot pass). */
interface Screen {
  path: string;
  query?: () => string;
  rowControls: (role: Role) => boolean;
}

const { server, signedIn } = useSuite({ SEED_DEMO: '1', SIM_SCAN_MS: '600000' });
const people = {} as Record<Role, Person>;
/** The member's account that blasts through the whole run, and the one that is suspended. */
let blasting = '';
let suspended = '';

const always = () => true;
const never = () => false;
const SCREENS: Screen[] = [
  { path: '/whatsapp', rowControls: always },
  { path: '/withdraw', rowControls: never },
  { path: '/bonus', rowControls: (role) => role !== 'member' },
  { path: '/referral', rowControls: never },
  { path: '/generator/list', rowControls: always },
  { path: '/validator/list', rowControls: always },
  { path: '/withdraw/requested', rowControls: always },
  { path: '/member', rowControls: always },
  { path: '/member/whatsapp', query: () => `?id=${people.member.id}`, rowControls: never },
  { path: '/phonenumber', rowControls: always },
  { path: '/proxy', rowControls: always },
  { path: '/message', rowControls: always },
  { path: '/level', rowControls: always },
  { path: '/audit', rowControls: never },
  { path: '/account-loss', rowControls: never },
  { path: '/monitor/local', rowControls: never },
  { path: '/monitor/remote', query: () => `?id=${blasting}&type=JSONTree`, rowControls: never },
  { path: '/monitor/socket', query: () => `?id=${blasting}&type=JsonViewer`, rowControls: never },
  { path: '/monitor/realtime', query: () => `?id=${blasting}`, rowControls: never },
];

/** A generator and a validator that keep running through the whole run, on two accounts of `person`. */
async function runningJobs(person: Person, devToken: string) {
  const token = await login(server, person);
  const stamp = `${person.id}-${Date.now().toString(36)}`;
  const settings = { interval_min: 5, interval_max: 10 };
  const { id: generatorAccount } = await linkAccount(server, devToken, token, person.id, `lay-gen-${stamp}`);
  const { generator } = await callApi<{ generator: { id: number } }>(server, '/admin/generator/create', {
    body: { start_number: '6281200000001', end_number: '6281200099999', whatsapp_id: generatorAccount, ...settings },
    token,
  });
  await callApi(server, '/admin/generator/start', { body: { id: generator.id }, token });
  const { id: validatorAccount } = await linkAccount(server, devToken, token, person.id, `lay-val-${stamp}`);
  const form = new FormData();
  for (const [key, value] of Object.entries({ whatsapp_id: validatorAccount, ...settings })) {
    form.append(key, String(value));
  }
  const numbers = Array.from({ length: 300 }, (_, i) => `6281300${String(i).padStart(5, '0')},Uji ${i}`);
  form.append('file', new Blob([`number,name\n${numbers.join('\n')}\n`]), 'target-panjang-sekali.csv');
  const created = await fetch(`${server.url}/api/admin/validator/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!created.ok) throw new Error(`validator create: ${created.status} ${await created.text()}`);
  const { validator } = (await created.json()) as { validator: { id: number } };
  await callApi(server, '/admin/validator/start', { body: { id: validator.id }, token });
}

beforeAll(async () => {
  for (const role of ROLES) people[role] = await createUser(server, role);
  const devToken = await login(server, DEV);
  const { member } = people;
  const memberToken = await login(server, member);
  await callApi(server, `/admin/users/${member.id}`, {
    method: 'PUT',
    body: { ...BANK, current_password: member.password },
    token: memberToken,
  });
  await callApi(server, `/admin/users/${member.id}`, {
    method: 'PUT',
    body: { blast_interval_min: 5, blast_interval_max: 10 },
    token: devToken,
  });
  const stamp = Date.now().toString(36);
  blasting = `lay-blast-${stamp}`;
  suspended = `lay-ban-${stamp}`;
  await linkAccount(server, devToken, memberToken, member.id, blasting);
  await callApi(server, '/admin/whatsapp/start-blasting', {
    body: { whatsappClientId: blasting, loop: true },
    token: memberToken,
  });
  await linkAccount(server, devToken, memberToken, member.id, suspended);
  await simulate(server, devToken, suspended, 'ban');
  // The ban puts its proxy in quarantine (issue 22): the demo's five proxies now serve four more links, and
  // the jobs below need five.
  await callApi(server, '/admin/proxy/save', {
    body: { value: 'socks5://uji:uji@proxy-layout.test:1080' },
    token: devToken,
  });
  const adminToken = await login(server, people.admin);
  await callApi(server, '/admin/bonus/create', {
    body: { userId: member.id, nominal: 50_000, reason: 'Bonus uji tampilan di setiap lebar layar' },
    token: adminToken,
  });
  await callApi(server, '/admin/withdraw/request', { body: { nominal: 10_000 }, token: memberToken });
  await runningJobs(people.staff, devToken);
  await runningJobs(people.admin, devToken);
}, 180_000);

async function signedInAs(role: Role, viewport = { width: 1366, height: HEIGHT }) {
  const opened = await signedIn(people[role], { viewport, axe: true });
  trackRequests(opened.page);
  return opened;
}

/** Waits for the screen's reads to land: no request in flight and no spinner left. */
const settle = (page: Page) =>
  readsLanded(page, () => !!document.querySelector('main [role="status"][aria-label="Memuat"]'));

/** Lets the layout follow a new width, the sidebar's sliding included. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: HEIGHT });
  // Away from every control, tooltip and the collapsed sidebar, which widens under the pointer.
  await page.mouse.move(width / 2, 4);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const moving = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Scrolls the page (vertically only) to each control of the main area, and says which one lies outside the
 * viewport or under something else; counts the controls inside list rows.
 */
function checkControls(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${width})`);
    const describe = (element: Element | null) =>
      element
        ? `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''}.${String(element.className).slice(0, 60)}`
        : 'nothing';
    const controls = document.querySelectorAll<HTMLElement>(
      'main :is(a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]))',
    );
    let rowControls = 0;
    for (const control of controls) {
      let box = control.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      if (control.closest('tbody tr, [data-testid="row-cards"] > li')) rowControls += 1;
      window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
      box = control.getBoundingClientRect();
      const name =
        (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40) || describe(control);
      if (box.left < 0 || box.right > width + 0.5) {
        problems.push(`'${name}' lies outside the viewport (${Math.round(box.left)}–${Math.round(box.right)})`);
        continue;
      }
      // A link that wraps is reached on its first line.
      const line = control.getClientRects()[0] ?? box;
      const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      if (!hit || !control.contains(hit)) problems.push(`'${name}' is covered by ${describe(hit)}`);
    }
    window.scrollTo(0, 0);
    return { problems, rowControls };
  });
}

const themeOf = (page: Page) =>
  page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

/**
 * axe's findings on the screen in the theme it shows, then in the other, switched with the header's toggle as a
 * person would; the pointer and the focus leave the toggle, which is audited as it rests, and the colours'
 * transitions end first (the contrast check reads them). The screen is left in the other theme.
 */
async function auditBothThemes(page: Page, where: string): Promise<string[]> {
  const audit = async () => {
    const theme = await themeOf(page);
    return (await axeFindings(page)).map((finding) => `${where} ${theme}: ${finding}`);
  };
  const shown = await themeOf(page);
  const findings = await audit();
  await page.getByTestId('theme-toggle').click();
  await page.mouse.move((page.viewportSize()?.width ?? 0) / 2, 4);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => themeOf(page)).not.toBe(shown);
  await settled(page);
  return [...findings, ...(await audit())];
}

/** The controls' problems on `screen` at every width, and axe's findings where `audited` (light and dark). */
/**
 * `checkControls` on the page at rest: a problem is looked at again once the transitions then running have
 * ended (the shell's margin follows a new width through a resize listener and React state, whose transition a
 * loaded machine can start after `resize`'s two frames), and what is still wrong then is reported.
 */
async function controlsAtRest(page: Page) {
  const found = await checkControls(page);
  if (found.problems.length === 0) return found;
  await settled(page);
  return checkControls(page);
}

async function checkScreen(page: Page, role: Role, screen: Screen, audited: boolean) {
  await resize(page, 1366);
  await page.goto(`${screen.path}${screen.query?.() ?? ''}`);
  await settle(page);
  const problems: string[] = [];
  const findings: string[] = [];
  for (const width of WIDTHS) {
    await resize(page, width);
    const found = await controlsAtRest(page);
    const where = `${role} ${screen.path} at ${width} px`;
    problems.push(...found.problems.map((problem) => `${where}: ${problem}`));
    if (screen.rowControls(role) && found.rowControls === 0) problems.push(`${where}: no row controls to check`);
    if (audited && AXE_WIDTHS.includes(width))
      findings.push(...(await auditBothThemes(page, `${screen.path} at ${width}`)));
  }
  return { problems, findings };
}

/** The lists axe audits: those with row controls for a dev, who opens them all. */
const AUDITED = SCREENS.filter((screen) => screen.rowControls('dev')).map((screen) => screen.path);

describe('every list shows its controls at every width, without sideways scrolling', () => {
  for (const role of ROLES) {
    const title =
      role === 'dev'
        ? 'as dev, and the lists with row controls pass axe at 375 and 1024 px, light and dark'
        : `as ${role}`;
    it(title, { timeout: 300_000 }, async () => {
      const { context, page } = await signedInAs(role);
      const problems: string[] = [];
      const findings: string[] = [];
      const audited: string[] = [];
      try {
        for (const screen of SCREENS.filter((candidate) => canOpen(role, candidate.path))) {
          const audit = role === 'dev' && AUDITED.includes(screen.path);
          if (audit) audited.push(screen.path);
          const checked = await checkScreen(page, role, screen, audit);
          problems.push(...checked.problems);
          findings.push(...checked.findings);
        }
      } finally {
        await context.close();
      }
      expect.soft(problems.join('\n'), `${problems.length} problems`).toBe('');
      if (role === 'dev') {
        expect.soft(audited).toEqual(AUDITED);
        expect.soft(findings.join('\n'), `${findings.length} axe findings`).toBe('');
      }
    });
  }
});
