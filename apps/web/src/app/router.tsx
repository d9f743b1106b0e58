/**
 * The route table of spec part 1 §2: public sign-in and sign-up, every guarded route inside the shell
 * (each screen a lazy chunk), and the not-found screen for any other path. Guarded routes whose screens
 * are not built yet show the not-found screen. A page that fails to draw shows the app's own error screen:
 * inside the shell when the shell itself stands, else alone. The data library, the toasts, the shell and the tooltips are
 * lazy layout routes around the pages that use them, so that a page loads none it does not use (DESIGN §10).
 */
import { ROUTE_ROLES } from '@sewablast/contract/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { NOT_AUTHORIZED } from './guard.ts';
import { RouteError } from './pages/error-screen.tsx';

type Screen = () => Promise<{ Component: ComponentType }>;
/**
 * Every route's module, by its file: each screen and layout a lazy chunk of its own. The dashboard's is the
 * shell's to fetch.
 */
const ROUTE_MODULES = import.meta.glob<{ Component: ComponentType }>([
  '../features/*/*-page.tsx',
  '!../features/dashboard/dashboard-page.tsx',
  './query-root.tsx',
  './toaster.tsx',
  './tooltips.tsx',
  './shell/app-shell.tsx',
  './pages/not-authorized.tsx',
]);
const notFound = () => import('./pages/not-found.tsx');
const home = async () => (await import('./shell/app-shell.tsx')).homeRoute();
/** / and /dashboard: the shell decides first whether the dashboard is fetched at all (app-shell.tsx). */
const HOME = '../features/dashboard/dashboard-page.tsx';
const level = '../features/level/level-form-page.tsx';
const monitor = '../features/monitor/monitor-data-page.tsx';

/**
 * Screens by path, each its module's file (router.test.ts checks that each is there); a guarded path without
 * one shows the not-found screen.
 */
export const SCREENS: Record<string, string> = {
  '/': HOME,
  '/dashboard': HOME,
  '/level/create': level,
  '/level/edit': level,
  '/settings': '../features/setting/setting-page.tsx',
  '/message/create': '../features/message/message-create-page.tsx',
  '/message/edit': '../features/message/message-edit-page.tsx',
  '/phonenumber/create': '../features/phonenumber/phonenumber-create-page.tsx',
  '/phonenumber/edit': '../features/phonenumber/phonenumber-edit-page.tsx',
  '/proxy/create': '../features/proxy/proxy-create-page.tsx',
  '/proxy/edit': '../features/proxy/proxy-edit-page.tsx',
  '/whatsapp/create': '../features/whatsapp/whatsapp-create-page.tsx',
  '/blaster': '../features/blaster/blaster-page.tsx',
  '/referral': '../features/referral/referral-list-page.tsx',
  '/withdraw': '../features/withdraw/withdraw-page.tsx',
  '/withdraw/requested': '../features/withdraw/withdraw-requests-page.tsx',
  '/audit': '../features/audit/audit-page.tsx',
  '/account-loss': '../features/account-loss/account-loss-page.tsx',
  '/member': '../features/member/member-list-page.tsx',
  '/member/edit': '../features/member/member-edit-page.tsx',
  '/member/whatsapp': '../features/member/member-whatsapp-page.tsx',
  '/back-office': '../features/member/back-office-page.tsx',
  '/bonus/create': '../features/bonus/bonus-create-page.tsx',
  '/profile': '../features/profile/profile-page.tsx',
  '/generator/create': '../features/generator/generator-form-page.tsx',
  '/validator/create': '../features/validator/validator-form-page.tsx',
  '/monitor/realtime': '../features/monitor/realtime-monitor-page.tsx',
  '/monitor/local': monitor,
  '/monitor/remote': monitor,
  '/monitor/socket': monitor,
};

/**
 * Screens whose rows carry tooltips, by path: they sit inside the tooltip provider's layout route
 * (router.test.ts checks that these, and only these, reach a tooltip).
 */
export const TOOLTIP_SCREENS: Record<string, string> = {
  '/level': '../features/level/level-list-page.tsx',
  '/message': '../features/message/message-list-page.tsx',
  '/phonenumber': '../features/phonenumber/phonenumber-list-page.tsx',
  '/proxy': '../features/proxy/proxy-list-page.tsx',
  '/whatsapp': '../features/whatsapp/whatsapp-list-page.tsx',
  '/bonus': '../features/bonus/bonus-list-page.tsx',
  '/generator/list': '../features/generator/generator-list-page.tsx',
  '/validator/list': '../features/validator/validator-list-page.tsx',
};

/** A route's module by its file, a layout's or a screen's; a file the table does not hold shows the not-found screen. */
const moduleOf = (file: string | undefined): Screen => (file === HOME ? home : (ROUTE_MODULES[file ?? ''] ?? notFound));
const screens = (tooltips: boolean): RouteObject[] =>
  Object.keys(ROUTE_ROLES)
    .filter((path) => path in TOOLTIP_SCREENS === tooltips)
    .map((path) => ({ path, lazy: moduleOf(TOOLTIP_SCREENS[path] ?? SCREENS[path]), errorElement: screenError }));
const screenError = <RouteError inShell />;
const guarded: RouteObject[] = [
  ...screens(false),
  { lazy: moduleOf('./tooltips.tsx'), errorElement: screenError, children: screens(true) },
];

/**
 * What shows while the first screen's code loads: nothing, for the moment it takes. Given, so that React
 * Router does not warn on every load that no `HydrateFallback` was provided.
 */
function FirstLoad() {
  return null;
}

/**
 * The files of the route modules opening `path` fetches, outermost first: its layouts and its screen, as
 * the route table has them (app/first-load.test.ts follows their imports).
 */
export function routeModules(path: string): string[] {
  const files = new Map<unknown, string>([
    [home, HOME],
    ...Object.entries(ROUTE_MODULES).map(([file, load]) => [load, file] as const),
  ]);
  return (matchRoutes(routes(), path) ?? []).flatMap(({ route }) => files.get(route.lazy) ?? []);
}

/** Made after start-up work such as taking the referral out of the address, so the router reads the final URL. */
export function createRouter() {
  return createBrowserRouter([
    { errorElement: <RouteError />, HydrateFallback: FirstLoad, children: drawingFailedLoads(routes()) },
  ]);
}

/**
 * A route whose code fails to load (a deploy replaced the file, the network dropped) draws a component that
 * throws, so that the nearest error screen shows: for a failed `lazy` the router itself would draw nothing.
 */
function drawingFailedLoads(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children } = route;
    const failed = (error: unknown) => ({
      Component: () => {
        throw error;
      },
    });
    return {
      ...route,
      ...(typeof lazy === 'function' ? { lazy: () => lazy().catch(failed) } : {}),
      ...(children ? { children: drawingFailedLoads(children) } : {}),
    } as RouteObject;
  });
}

function routes(): RouteObject[] {
  return [
    { path: '/signin', lazy: moduleOf('../features/auth/signin-page.tsx') },
    { path: '/signup', lazy: moduleOf('../features/auth/signup-page.tsx') },
    // Opened from the mailed link; it reads through plain calls, so it stays outside the query cache.
    { path: '/confirm-email', lazy: moduleOf('../features/auth/confirm-email-page.tsx') },
    {
      lazy: moduleOf('./query-root.tsx'),
      children: [
        { path: '/reset-password', lazy: moduleOf('../features/auth/reset-password-page.tsx') },
        { path: '/terms', lazy: moduleOf('../features/legal/legal-page.tsx') },
        { path: '/privacy-policy', lazy: moduleOf('../features/legal/legal-page.tsx') },
        {
          lazy: moduleOf('./toaster.tsx'),
          children: [
            { path: '/change-password', lazy: moduleOf('../features/auth/change-password-page.tsx') },
            { path: '/two-factor-setup', lazy: moduleOf('../features/profile/two-factor-setup-page.tsx') },
            {
              lazy: moduleOf('./shell/app-shell.tsx'),
              children: [...guarded, { path: NOT_AUTHORIZED, lazy: moduleOf('./pages/not-authorized.tsx') }],
            },
          ],
        },
      ],
    },
    { path: '*', lazy: notFound },
  ];
}
