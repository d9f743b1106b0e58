/** 'Dashboard Admin' for admins and devs (spec part 2 §2): the greeting by first name, the cards, then the daily charts. */
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import type { TUser } from '@sewablast/contract/users';
import { AdminCards } from './admin-cards.tsx';
import { ChartsSection } from './charts-section.tsx';

export function AdminDashboard({ user }: { user: TUser }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{DASHBOARD_TEXT.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400" data-testid="greeting">
          {DASHBOARD_TEXT.greeting(user.firstname)}
        </p>
      </div>
      <AdminCards />
      <ChartsSection />
    </div>
  );
}
