/**
 * The signed-in shell and the route guard in one place: no token goes to /signin, a disallowed role to
 * /not-authorized, staff home to the withdraw queue. On entry the token is validated once: a valid answer
 * refreshes the stored user (or supplies one the cookie no longer holds readably), a 401 signs out (api.ts), any other
 * failure is shown.
 */
import { effectiveRole } from '@sewablast/contract/roles';
import { menuFor } from '@sewablast/contract/routes';
import { ERROR_SCREEN_TEXT } from '@sewablast/contract/texts';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useValidateToken } from '../../features/auth/api/validate.ts';
import { ApiError } from '../../lib/api.ts';
import { getToken, getUser, storeUser, useSession } from '../../lib/session.ts';
import { guard } from '../guard.ts';
import { ErrorScreen } from '../pages/error-screen.tsx';
import { HeaderSearch } from './header-search.tsx';
import { Sidebar } from './sidebar.tsx';
import { submenuAt, useSidebar } from './sidebar-state.ts';
import { UserMenu } from './user-menu.tsx';
import { validationProblem } from './validation-problem.ts';

const dashboard = () => import('../../features/dashboard/dashboard-page.tsx');
const LaterDashboard = lazy(async () => ({ default: (await dashboard()).Component }));

/**
 * The lazy route of / and /dashboard (router.tsx). The router fetches every matched route's module before
 * this shell's guard runs, so staff, whom the guard sends on to the withdraw queue, and anyone it sends to
 * sign in would fetch the dashboard for nothing (DESIGN §10). What `lazy` answers is kept for the router's
 * life, so those get a stand-in that loads the dashboard when first shown, should someone the guard lets in
 * sign in later in this tab.
 */
export async function homeRoute() {
  const user = getUser();
  if (guard('/dashboard', getToken(), user?.role, user?.must_change_password, user?.two_factor_setup).kind === 'allow')
    return dashboard();
  return {
    Component: () => (
      <Suspense>
        <LaterDashboard />
      </Suspense>
    ),
  };
}

function Restoring() {
  return (
    <main className="flex min-h-dvh items-center justify-center gap-3 text-brand-600">
      <Spinner size={22} label={ERROR_SCREEN_TEXT.restoring} />
      <span className="text-sm text-slate-600 dark:text-slate-300">{ERROR_SCREEN_TEXT.restoring}</span>
    </main>
  );
}

export function AppShell() {
  const { token, user } = useSession();
  const location = useLocation();
  const menuRole = effectiveRole(user?.role);
  const sidebar = useSidebar(menuRole ? submenuAt(menuFor(menuRole), location.pathname) : null);
  const validation = useValidateToken(token);

  useEffect(() => {
    if (validation.data?.isvalid && validation.data.user) storeUser(validation.data.user);
  }, [validation.data]);

  const { pathname } = location;
  useEffect(() => {
    // The page scrolls to the top on each route change (spec part 2 §2 Profile).
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);

  const failure = validation.error instanceof ApiError ? validation.error : null;
  const problem = validationProblem(
    validation.data,
    failure ? { status: failure.status, body: failure.body } : validation.error ? { status: 0, body: {} } : null,
  );
  // A token whose stored user could not be read: the validation's answer is who it is (stored above), and
  // the sign-in page would only send a token back here.
  if (token && !user) {
    const answered = validation.data?.isvalid && validation.data.user;
    if (validation.isPending || answered) return <Restoring />;
    if (problem) return <ErrorScreen body={ERROR_SCREEN_TEXT.sessionUnverified} detail={problem} />;
  }

  const decision = guard(location.pathname, token, user?.role, user?.must_change_password, user?.two_factor_setup);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const role = effectiveRole(user?.role);
  if (!user || !role) return <Navigate to="/signin" replace />;

  return (
    <div className="min-h-dvh">
      <Sidebar role={role} state={sidebar} />
      <div
        className="flex min-h-dvh flex-col transition-[margin] duration-200"
        style={{ marginLeft: sidebar.contentOffset }}
        // Behind the open drawer the page takes no focus and no clicks: the drawer is modal.
        inert={sidebar.drawerOpen}
      >
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
          <button
            ref={sidebar.toggleRef}
            type="button"
            onClick={sidebar.toggle}
            aria-label="Buka atau tutup menu"
            data-testid="sidebar-toggle"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <Menu size={20} />
          </button>
          <HeaderSearch role={role} />
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <ThemeToggle />
            <UserMenu user={user} />
          </div>
        </header>
        <main className="flex-1 p-4 sm:p-6">
          {problem && (
            <div className="mb-4">
              <Alert tone="error">{problem}</Alert>
            </div>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export { AppShell as Component };
