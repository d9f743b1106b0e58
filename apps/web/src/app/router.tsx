/**
 * The route table of spec part 1 §2: public sign-in and sign-up, every guarded route inside the shell
 * (each screen a lazy chunk), and the not-found screen for any other path. Guarded routes whose screens
 * are not built yet show the not-found screen. A page that fails to draw shows the app's own error screen:
 * inside the shell when the shell itself stands, else alone. The data library, the toasts, the shell and the tooltips are
 * lazy layout routes around the pages that use them, so that a page loads none it does not use (DESIGN §10).
 */
import { ROUTE_ROLES } from '@sewablast/contract/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NOT_AUTHORIZED } from './guard.ts';
import { RouteError } from './pages/error-screen.tsx';

const notFound = () => import('./pages/not-found.tsx');
const legal = () => import('../features/legal/legal-page.tsx');

/** / and /dashboard: the shell decides first whether the dashboard is fetched at all (app-shell.tsx). */
const home = async () => (await import('./shell/app-shell.tsx')).homeRoute();

/** Screens by path; a guarded path without one shows the not-found screen. */
const levelForm = () => import('../features/level/level-form-page.tsx');
const monitorData = () => import('../features/monitor/monitor-data-page.tsx');
type Screen = () => Promise<{ Component: ComponentType }>;
const SCREENS: Record<string, Screen> = {
  '/': home,
  '/dashboard': home,
  '/level/create': levelForm,
  '/level/edit': levelForm,
  '/settings': () => import('../features/setting/setting-page.tsx'),
  '/message/create': () => import('../features/message/message-create-page.tsx'),
  '/message/edit': () => import('../features/message/message-edit-page.tsx'),
  '/phonenumber/create': () => import('../features/phonenumber/phonenumber-create-page.tsx'),
  '/phonenumber/edit': () => import('../features/phonenumber/phonenumber-edit-page.tsx'),
  '/proxy/create': () => import('../features/proxy/proxy-create-page.tsx'),
  '/proxy/edit': () => import('../features/proxy/proxy-edit-page.tsx'),
  '/whatsapp/create': () => import('../features/whatsapp/whatsapp-create-page.tsx'),
  '/blaster': () => import('../features/blaster/blaster-page.tsx'),
  '/referral': () => import('../features/referral/referral-list-page.tsx'),
  '/withdraw': () => import('../features/withdraw/withdraw-page.tsx'),
  '/withdraw/requested': () => import('../features/withdraw/withdraw-requests-page.tsx'),
  '/audit': () => import('../features/audit/audit-page.tsx'),
  '/account-loss': () => import('../features/account-loss/account-loss-page.tsx'),
  '/member': () => import('../features/member/member-list-page.tsx'),
  '/member/edit': () => import('../features/member/member-edit-page.tsx'),
  '/member/whatsapp': () => import('../features/member/member-whatsapp-page.tsx'),
  '/back-office': () => import('../features/member/back-office-page.tsx'),
  '/bonus/create': () => import('../features/bonus/bonus-create-page.tsx'),
  '/profile': () => import('../features/profile/profile-page.tsx'),
  '/generator/create': () => import('../features/generator/generator-form-page.tsx'),
  '/validator/create': () => import('../features/validator/validator-form-page.tsx'),
  '/monitor/local': monitorData,
  '/monitor/remote': monitorData,
  '/monitor/socket': monitorData,
  '/monitor/realtime': () => import('../features/monitor/realtime-monitor-page.tsx'),
};

/**
 * Screens whose rows carry tooltips: they sit inside the tooltip provider's layout route (router.test.ts
 * checks that these, and only these, reach a tooltip).
 */
const TOOLTIP_SCREENS: Record<string, Screen> = {
  '/level': () => import('../features/level/level-list-page.tsx'),
  '/message': () => import('../features/message/message-list-page.tsx'),
  '/phonenumber': () => import('../features/phonenumber/phonenumber-list-page.tsx'),
  '/proxy': () => import('../features/proxy/proxy-list-page.tsx'),
  '/whatsapp': () => import('../features/whatsapp/whatsapp-list-page.tsx'),
  '/bonus': () => import('../features/bonus/bonus-list-page.tsx'),
  '/generator/list': () => import('../features/generator/generator-list-page.tsx'),
  '/validator/list': () => import('../features/validator/validator-list-page.tsx'),
};

const screens = (tooltips: boolean): RouteObject[] =>
  Object.keys(ROUTE_ROLES)
    .filter((path) => path in TOOLTIP_SCREENS === tooltips)
    .map((path) => ({ path, lazy: TOOLTIP_SCREENS[path] ?? SCREENS[path] ?? notFound, errorElement: screenError }));
const screenError = <RouteError inShell />;
const guarded: RouteObject[] = [
  ...screens(false),
  { lazy: () => import('./tooltips.tsx'), errorElement: screenError, children: screens(true) },
];

/**
 * What shows while the first screen's code loads: nothing, for the moment it takes. Given, so that React
 * Router does not warn on every load that no `HydrateFallback` was provided.
 */
function FirstLoad() {
  return null;
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
    { path: '/signin', lazy: () => import('../features/auth/signin-page.tsx') },
    { path: '/signup', lazy: () => import('../features/auth/signup-page.tsx') },
    // Opened from the mailed link; it reads through plain calls, so it stays outside the query cache.
    { path: '/confirm-email', lazy: () => import('../features/auth/confirm-email-page.tsx') },
    {
      lazy: () => import('./query-root.tsx'),
      children: [
        { path: '/reset-password', lazy: () => import('../features/auth/reset-password-page.tsx') },
        { path: '/terms', lazy: legal },
        { path: '/privacy-policy', lazy: legal },
        {
          lazy: () => import('./toaster.tsx'),
          children: [
            { path: '/change-password', lazy: () => import('../features/auth/change-password-page.tsx') },
            { path: '/two-factor-setup', lazy: () => import('../features/profile/two-factor-setup-page.tsx') },
            {
              lazy: () => import('./shell/app-shell.tsx'),
              children: [...guarded, { path: NOT_AUTHORIZED, lazy: () => import('./pages/not-authorized.tsx') }],
            },
          ],
        },
      ],
    },
    { path: '*', lazy: notFound },
  ];
}
