/** / and /dashboard: the member's counters, or the admin dashboard (spec part 1 §2, part 2 §2); staff never land here (guard.ts). */
import { useSession } from '../../lib/session.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import { MemberDashboard } from './member-dashboard.tsx';

export function Component() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role === 'member') return <MemberDashboard user={user} />;
  return <AdminDashboard user={user} />;
}
