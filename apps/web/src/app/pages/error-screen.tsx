/**
 * The app's own screen for a page that failed to draw (the router's errorElement), and for a session that
 * cannot be restored: what happened in Indonesian, a way home and a way to sign in again. Both are full page
 * loads, so that whatever state broke the page is left behind. Loaded with the router, not on demand: a
 * screen whose code failed to load must still have this one.
 */
import { ERROR_SCREEN_TEXT } from '@sewablast/contract/texts';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { signOut } from '../../lib/session.ts';

const LINK = 'inline-flex items-center justify-center rounded-lg border px-5 py-2.5 text-sm font-semibold';

interface ErrorScreenProps {
  /** Said instead of the general explanation. */
  body?: string;
  /** What the server said, under the explanation. */
  detail?: string | null;
  /** Inside the shell, whose <main> already holds it; alone, it is the page's main content. */
  inShell?: boolean;
}

export function ErrorScreen({ body = ERROR_SCREEN_TEXT.body, detail, inShell = false }: ErrorScreenProps) {
  const Frame = inShell ? 'div' : 'main';
  return (
    <Frame className="flex min-h-[60dvh] flex-col items-center justify-center px-4 py-16 text-center">
      <TriangleAlert aria-hidden="true" size={64} className="text-amber-500" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{ERROR_SCREEN_TEXT.title}</h1>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-400">{body}</p>
      {detail && <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{detail}</p>}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <a href="/" className={`${LINK} border-transparent bg-brand-600 text-white hover:bg-brand-700`}>
          {ERROR_SCREEN_TEXT.home}
        </a>
        <a
          href="/signin"
          onClick={() => signOut()}
          className={`${LINK} border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800`}
        >
          {ERROR_SCREEN_TEXT.signInAgain}
        </a>
      </div>
    </Frame>
  );
}

/** The router's errorElement: the error goes to the console for whoever debugs it, never onto the page. */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorScreen inShell={inShell} />;
}
