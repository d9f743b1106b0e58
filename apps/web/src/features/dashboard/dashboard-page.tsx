/** / and /dashboard: the role's dashboard title and a greeting by first name (spec part 1 §2, part 2 §2). */
import { useSession } from '../../lib/session.ts';

export function Component() {
  const { user } = useSession();
  const isMember = user?.role === 'member';
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        {isMember ? 'Dashboard Member' : 'Dashboard Admin'}
      </h1>
      <p className="mt-1 text-slate-500 dark:text-slate-400" data-testid="greeting">
        Selamat datang, {user?.firstname}!
      </p>
    </div>
  );
}
