/** Where the guard sends a role that may not open a screen. */
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

export function Component() {
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center px-4 py-16 text-center">
      <ShieldAlert size={64} className="text-amber-500" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Akses Ditolak</h1>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-400">Anda tidak memiliki akses ke halaman ini.</p>
      <Link
        to="/"
        className="mt-8 inline-flex rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Back to Home Page
      </Link>
    </div>
  );
}
