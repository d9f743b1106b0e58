/**
 * The route table of spec part 1 §2 and part 2 §2: which roles may open which screen. The dashboard's
 * guard and menus read it, and the server's role matrix follows the same groups.
 */
import { ROLE_GROUPS, type Role } from './roles.ts';

export const PUBLIC_ROUTES = [
  '/signin',
  '/signup',
  '/reset-password',
  '/confirm-email',
  '/terms',
  '/privacy-policy',
] as const;

const {
  everyone: EVERYONE,
  memberSide: MEMBER_SIDE,
  withdraw: WITHDRAW,
  backOffice: BACK_OFFICE,
  managers: MANAGERS,
  devOnly: DEV_ONLY,
} = ROLE_GROUPS;

export const ROUTE_ROLES: Record<string, readonly Role[]> = {
  '/': EVERYONE,
  '/dashboard': EVERYONE,
  '/profile': EVERYONE,
  '/whatsapp/create': EVERYONE,
  '/bonus': MEMBER_SIDE,
  '/whatsapp': MEMBER_SIDE,
  '/referral': MEMBER_SIDE,
  '/withdraw': WITHDRAW,
  '/generator/list': BACK_OFFICE,
  '/generator/create': BACK_OFFICE,
  '/validator/list': BACK_OFFICE,
  '/validator/create': BACK_OFFICE,
  '/withdraw/requested': BACK_OFFICE,
  '/blaster': MANAGERS,
  '/phonenumber': MANAGERS,
  '/phonenumber/create': MANAGERS,
  '/phonenumber/edit': MANAGERS,
  '/message': MANAGERS,
  '/message/create': MANAGERS,
  '/message/edit': MANAGERS,
  '/settings': MANAGERS,
  '/member': MANAGERS,
  '/member/edit': MANAGERS,
  '/member/whatsapp': MANAGERS,
  '/back-office': MANAGERS,
  '/proxy': MANAGERS,
  '/proxy/create': MANAGERS,
  '/proxy/edit': MANAGERS,
  '/bonus/create': MANAGERS,
  '/level': MANAGERS,
  '/level/create': MANAGERS,
  '/level/edit': MANAGERS,
  '/audit': MANAGERS,
  '/account-loss': MANAGERS,
  '/monitor/local': DEV_ONLY,
  '/monitor/remote': DEV_ONLY,
  '/monitor/socket': DEV_ONLY,
  '/monitor/realtime': DEV_ONLY,
};

export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isKnownRoute(path: string): boolean {
  return normalisePath(path) in ROUTE_ROLES;
}

export function canOpen(role: Role, path: string): boolean {
  return ROUTE_ROLES[normalisePath(path)]?.includes(role) ?? false;
}

/** Staff have no dashboard: their home is the withdraw queue. */
export const STAFF_HOME = '/withdraw/requested?page=1';

/**
 * The pages a person lands on first, with nothing cached: the signed-out pages and the homes of the signed-in
 * (the dashboard, staff's withdraw queue). DESIGN §10 holds each one's first load under 150 KB: e2e/first-load
 * opens every one, and the web's app/first-load.test.ts follows the imports of the route modules each fetches.
 */
export const FIRST_LOAD_PAGES = [...PUBLIC_ROUTES, '/dashboard', STAFF_HOME] as const;
export type FirstLoadPage = (typeof FIRST_LOAD_PAGES)[number];

export const TELEGRAM_URL = 'https://t.me/sewablast';

export interface MenuItem {
  label: string;
  path: string;
  external?: boolean;
  /** A submenu; the item's own path is then only its key. */
  children?: MenuItem[];
}

const DASHBOARD: MenuItem = { label: 'Dashboard', path: '/' };
const PROFILE: MenuItem = { label: 'User Profile', path: '/profile' };
const GENERATORS: MenuItem = { label: 'Daftar Generator', path: '/generator/list' };
const VALIDATORS: MenuItem = { label: 'Daftar Validator', path: '/validator/list' };
const WITHDRAW_REQUESTS: MenuItem = { label: 'Permintaan Withdraw', path: '/withdraw/requested' };
const BONUS: MenuItem = { label: 'Bonus', path: '/bonus' };
const REFERRALS: MenuItem = { label: 'Pengguna Referal', path: '/referral' };

const MEMBER_MENU: MenuItem[] = [
  DASHBOARD,
  { label: 'Akun Whatsapp', path: '/whatsapp' },
  { label: 'Withraw', path: '/withdraw' },
  BONUS,
  REFERRALS,
  PROFILE,
  { label: 'Telegram', path: TELEGRAM_URL, external: true },
];

const STAFF_MENU: MenuItem[] = [WITHDRAW_REQUESTS, GENERATORS, VALIDATORS, PROFILE];

const MANAGER_MENU: MenuItem[] = [
  DASHBOARD,
  { label: 'Daftar Phone Number', path: '/phonenumber' },
  { label: 'Daftar Member', path: '/member' },
  { label: 'Daftar Staf & Admin', path: '/back-office' },
  GENERATORS,
  VALIDATORS,
  { label: 'Template Pesan', path: '/message' },
  WITHDRAW_REQUESTS,
  BONUS,
  REFERRALS,
  { label: 'Level', path: '/level' },
  { label: 'Proxy', path: '/proxy' },
  // Beside the settings its evidence tunes (Keamanan Akun); admins read it as much as devs, so not under Monitor.
  { label: 'Analisis Blokir', path: '/account-loss' },
  { label: 'Pengaturan', path: '/settings' },
  { label: 'Log Audit', path: '/audit' },
  PROFILE,
];

/** The dev-only monitors, which no other role may open, under one submenu. */
const MONITOR_MENU: MenuItem = {
  label: 'Monitor',
  path: '/monitor',
  children: [
    { label: 'Local', path: '/monitor/local' },
    { label: 'Remote', path: '/monitor/remote' },
    { label: 'Socket', path: '/monitor/socket' },
    { label: 'Realtime', path: '/monitor/realtime' },
  ],
};

/**
 * Spec part 1 §2 "Menus by role": admin sees the same list as dev. Devs also get the monitors, which the
 * spec's route table opens to them alone (see docs/decisions.md).
 */
export function menuFor(role: Role): MenuItem[] {
  if (role === 'member') return MEMBER_MENU;
  if (role === 'staff') return STAFF_MENU;
  if (role === 'dev') return [...MANAGER_MENU.slice(0, -1), MONITOR_MENU, PROFILE];
  return MANAGER_MENU;
}
