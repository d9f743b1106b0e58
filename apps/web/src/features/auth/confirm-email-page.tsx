/**
 * /confirm-email?token=…, opened from the mailed link, signed in or not: confirms at once and says so. A used,
 * expired or unknown link says that, and offers a new mail to whoever is signed in in this browser. Public and
 * light (DESIGN §10): plain calls, no query cache, no toasts.
 */
import * as emailConfirmation from '@sewablast/contract/email-confirmation-calls';
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { call } from '../../lib/api.ts';
import { getToken } from '../../lib/session.ts';

type Outcome = { ok: true; msg: string } | { ok: false; msg: string };

// A link is single-use: React's second effect run in development, or a re-render, must not spend it twice.
const attempts = new Map<string, Promise<Outcome>>();
function attempt(token: string): Promise<Outcome> {
  let found = attempts.get(token);
  if (!found) {
    found = call(emailConfirmation.confirm, { body: { token } }).then(
      ({ msg }) => ({ ok: true, msg }),
      (error: Error) => ({ ok: false, msg: error.message }),
    );
    attempts.set(token, found);
  }
  return found;
}

function Resend() {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Outcome | null>(null);
  return (
    <div className="space-y-3">
      {answer && <Alert tone={answer.ok ? 'success' : 'error'}>{answer.msg}</Alert>}
      <Button
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setAnswer(
            await call(emailConfirmation.resend).then(
              ({ msg }) => ({ ok: true, msg }),
              (error: Error) => ({ ok: false, msg: error.message }),
            ),
          );
          setBusy(false);
        }}
      >
        {busy ? EMAIL_CONFIRM_TEXT.resending : EMAIL_CONFIRM_TEXT.resend}
      </Button>
    </div>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = getToken() !== null;
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, msg: EMAIL_CONFIRM_TEXT.tokenInvalid },
  );
  useEffect(() => {
    if (!token) return;
    let current = true;
    attempt(token).then((result) => current && setOutcome(result));
    return () => {
      current = false;
    };
  }, [token]);

  const invalid = outcome !== null && !outcome.ok;
  return (
    <AuthLayout title={EMAIL_CONFIRM_TEXT.pageTitle} subtitle={EMAIL_CONFIRM_TEXT.pageSubtitle}>
      <div className="space-y-6">
        {outcome === null ? (
          <p className="flex items-center gap-3 text-slate-700 dark:text-slate-300">
            <Spinner size={20} /> {EMAIL_CONFIRM_TEXT.confirming}
          </p>
        ) : (
          <Alert tone={outcome.ok ? 'success' : 'error'}>
            {invalid && signedIn && outcome.msg === EMAIL_CONFIRM_TEXT.tokenInvalid
              ? EMAIL_CONFIRM_TEXT.tokenInvalidSignedIn
              : outcome.msg}
          </Alert>
        )}
        {invalid && signedIn && <Resend />}
        {outcome !== null && (
          <p className="text-sm">
            <Link
              to={signedIn ? '/dashboard' : '/signin'}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {signedIn ? EMAIL_CONFIRM_TEXT.toDashboard : EMAIL_CONFIRM_TEXT.toSignIn}
            </Link>
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
