/** / and /dashboard: the member's counters, or the admin dashboard's title and greeting (spec part 1 §2, part 2 §2). */
import { useSession } from '../../lib/session.ts';
import { MemberDashboard } from './member-dashboard.tsx';

export function Component() {
  const { user } = useSession();
  if (user?.role === 'member') return <MemberDashboard user={user} />;
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Dashboard Admin</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400" data-testid="greeting">
        Selamat datang, {user?.firstname}!
      </p>
    </div>
  );
}
