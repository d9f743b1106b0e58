/**
 * What the Add WhatsApp screen shows instead of its form when a reconnect link names an account the user
 * cannot reconnect (another member's, or none): linking would make a new account while the user believes
 * they reconnected the old one. It says so, and offers the list to pick the account from, or a plain link.
 */
import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { ApiError } from '../../lib/api.ts';

const LINK = 'inline-flex items-center justify-center rounded-lg border px-4 py-2.5 text-sm font-semibold';

/** `canOpenList`: whether the user may open Daftar Whatsapp (staff may not). */
export function ReconnectUnavailable({ error, canOpenList }: { error: Error; canOpenList: boolean }) {
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
  return (
    <div className="space-y-5">
      <Alert tone="error">
        {refused ? WHATSAPP_TEXT.reconnectMissing : WHATSAPP_TEXT.reconnectUnreadable(error.message)}
      </Alert>
      <div className="flex flex-col gap-3 sm:flex-row">
        {canOpenList && (
          <Link to="/whatsapp" className={`${LINK} border-transparent bg-brand-600 text-white hover:bg-brand-700`}>
            {WHATSAPP_TEXT.openList}
          </Link>
        )}
        {/* A full load: the screen starts over with a fresh device id and no reconnect target. */}
        <a
          href="/whatsapp/create"
          className={`${LINK} border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800`}
        >
          {WHATSAPP_TEXT.linkNew}
        </a>
      </div>
    </div>
  );
}
