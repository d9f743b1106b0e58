/** The not-found screen (spec part 1 §2), word for word. */
import { TEXT } from '@sewablast/contract/texts';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center px-4 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-black tracking-tight text-brand-600 sm:text-8xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{TEXT.notFoundTitle}</h1>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-400">{TEXT.notFoundBody}</p>
      <Link
        to="/"
        className="mt-8 inline-flex rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {TEXT.notFoundLink}
      </Link>
    </div>
  );
}

export { NotFound as Component };
