/**
 * /terms and /privacy-policy, public: sign-up opens them in a new tab. The text is plain (the admin's or the
 * default), shown as paragraphs by React, so nothing in it is ever markup.
 */
import { LEGAL_TEXT, LEGAL_TITLES, legalParagraphs, type TLegalKind } from '@sewablast/contract/legal-text';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Logo } from '../../components/logo.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useLegalDocument } from './api/legal.ts';

export function Component() {
  const kind: TLegalKind = useLocation().pathname.startsWith('/privacy-policy') ? 'privacy-policy' : 'terms';
  const document = useLegalDocument(kind);
  const title = document.data?.title ?? LEGAL_TITLES[kind];
  useEffect(() => {
    window.document.title = `${title} · Sewablast`;
  }, [title]);
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-5 py-4">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <div className="mt-6">
          {document.isPending ? (
            <div className="py-10 text-center text-brand-600">
              <Spinner size={24} />
            </div>
          ) : document.error ? (
            <Alert tone="error">{document.error.message}</Alert>
          ) : (
            <article className="space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
              {legalParagraphs(document.data.text).map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never move, so the order is stable.
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </article>
          )}
        </div>
        <nav className="mt-10 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
          <Link to="/signup" className="font-medium text-brand-600 hover:underline">
            {LEGAL_TEXT.signUp}
          </Link>
          <Link
            to={kind === 'terms' ? '/privacy-policy' : '/terms'}
            className="font-medium text-brand-600 hover:underline"
          >
            {kind === 'terms' ? LEGAL_TEXT.privacyLabel : LEGAL_TEXT.termsLabel}
          </Link>
        </nav>
      </main>
    </div>
  );
}
