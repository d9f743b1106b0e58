/**
 * The columns of 'Daftar Whatsapp' (spec part 1 §2): account, Client ID (a monitor link for dev), counts
 * (under 'Berhasil' also how many WhatsApp reported delivered, issue 13), income, status, then Action for
 * members and devs or the Sending tick for admins. Admins and devs may activate a suspended account below 3
 * suspensions (spec part 1 §6, §9), from its status.
 */
import type { Role } from '@sewablast/contract/roles';
import { TERMS_TEXT } from '@sewablast/contract/safety';
import { BLAST_TEXT, WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { clsx } from 'clsx';
import { Clock, Play, RotateCcw, Square, Unplug } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import type { Column } from '../../components/data-table.tsx';
import { type Popup, PopupOnDemand, type PopupTriggerProps } from '../../components/popup-on-demand.tsx';
import { IconButton } from '../../components/row-actions.tsx';
import { formatDateTime, formatRupiah } from '../../lib/format.ts';
import { isFresh } from '../../lib/live.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { AccountSafety } from './account-safety.tsx';
import { isBlasting, type LiveRow, statusLabel } from './live-rows.ts';
import type { TermsDialogProps } from './terms-dialog.tsx';
import type { AccountCommands } from './use-account-commands.ts';

const termsDialog = onDemand<Popup<TermsDialogProps>>(async () => (await import('./terms-dialog.tsx')).TermsDialog);

/** Spec part 1 §9: activation is allowed below 3 suspensions. */
const MAX_SUSPENSIONS = 3;

const canActivate = (row: LiveRow) => row.suspended && row.suspended_count < MAX_SUSPENSIONS;

/**
 * `viewerId`: the signed-in user, who alone sets the own terms of the accounts that are theirs; `timeZone`: the
 * business time zone the waits' times are shown in (undefined until the settings are read).
 */
export function accountColumns(
  role: Role,
  now: number,
  commands: AccountCommands,
  viewerId: number | null,
  timeZone: string | undefined,
): Column<LiveRow>[] {
  const isManager = role === 'admin' || role === 'dev';
  return [
    {
      header: 'Akun',
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900 dark:text-white">{row.pushname ?? '-'}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{row.phonenumber}</p>
        </div>
      ),
    },
    {
      header: 'Client ID',
      cell: (row) =>
        role === 'dev' ? (
          <Link
            to={`/monitor/realtime?id=${row.clientid}`}
            className="font-mono text-xs text-brand-600 hover:underline sm:whitespace-nowrap"
          >
            {row.clientid}
          </Link>
        ) : (
          <span className="font-mono text-xs sm:whitespace-nowrap">{row.clientid}</span>
        ),
    },
    {
      header: 'Berhasil',
      cell: (row) => (
        <div>
          <span
            data-testid={`success-${row.clientid}`}
            className={clsx(isFresh(row.successAt, now) && 'rounded bg-green-100 px-1 dark:bg-green-900')}
          >
            {row.count_success}
          </span>
          <span
            data-testid={`delivered-${row.clientid}`}
            className={clsx(
              'block w-fit text-xs whitespace-nowrap text-slate-600',
              // Slate-400 on the dark highlight's green falls under 4.5:1, so the fresh line turns light green.
              isFresh(row.deliveredAt, now)
                ? 'rounded bg-green-100 px-1 dark:bg-green-900 dark:text-green-100'
                : 'dark:text-slate-400',
            )}
          >
            {WHATSAPP_TEXT.delivered} {row.count_delivered}
          </span>
        </div>
      ),
    },
    {
      header: 'Gagal',
      cell: (row) => (
        <span className={clsx(isFresh(row.failAt, now) && 'rounded bg-red-100 px-1 dark:bg-red-900')}>
          {row.count_fail}
        </span>
      ),
    },
    { header: 'Total Pendapatan', cell: (row) => formatRupiah(row.income) },
    {
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-wrap items-center gap-2">
          <span
            data-testid={`status-${row.clientid}`}
            className={clsx(
              'text-sm font-medium',
              row.status === 'sending' ? 'text-brand-600' : 'text-slate-700 dark:text-slate-300',
            )}
          >
            {statusLabel(row, now)}
            {row.limited_until && Date.parse(row.limited_until) > now && (
              <span
                data-testid={`limited-${row.clientid}`}
                className="block text-xs text-amber-700 dark:text-amber-400"
              >
                {BLAST_TEXT.limitedUntil(formatDateTime(row.limited_until))}
              </span>
            )}
            {row.error && <span className="block text-xs text-red-600 dark:text-red-400">{row.error}</span>}
          </span>
          {isManager && canActivate(row) && (
            <button
              type="button"
              onClick={() => commands.activate(row)}
              className="rounded-md border border-brand-600 px-2 py-0.5 text-xs font-semibold text-brand-600 hover:bg-brand-50 dark:border-brand-500 dark:hover:bg-brand-600/15"
            >
              Activate
            </button>
          )}
          <AccountSafety row={row} own={row.user_id === viewerId} clock={{ now, timeZone }} />
        </div>
      ),
    },
    role === 'admin'
      ? {
          header: 'Sending',
          cell: (row) => (
            <input
              type="checkbox"
              aria-label={`Sending ${row.clientid}`}
              checked={row.sending_enabled}
              onChange={(event) => commands.setSending(row, event.target.checked)}
              className="size-4 accent-brand-600"
            />
          ),
        }
      : {
          header: 'Action',
          className: 'text-right',
          actions: true,
          cell: (row) => <AccountActions row={row} commands={commands} owns={row.user_id === viewerId} />,
        },
  ];
}

type Trigger = (opens: PopupTriggerProps) => ReactNode;

/** Spec part 1 §5: while a blast runs, reset and reconnect first offer 'Stop Blast!' or 'Tunggu Aja'. */
function BlastWarning({ row, commands, trigger }: { row: LiveRow; commands: AccountCommands; trigger: Trigger }) {
  return (
    <ConfirmButton
      title="Blast sedang berjalan"
      description="Hentikan blast akun ini dulu, atau tunggu sampai selesai."
      confirmLabel="Stop Blast!"
      cancelLabel="Tunggu Aja"
      onConfirm={() => commands.stop(row)}
      trigger={trigger}
    />
  );
}

function AccountActions({ row, commands, owns }: { row: LiveRow; commands: AccountCommands; owns: boolean }) {
  const blasting = isBlasting(row);
  const reset: Trigger = (opens) => (
    <IconButton tooltip="Reset" label={`Reset ${row.clientid}`} {...opens}>
      <RotateCcw size={18} />
    </IconButton>
  );
  const reconnect: Trigger = (opens) => (
    <IconButton tooltip="Sambungkan ulang" label={`Reconnect ${row.clientid}`} {...opens}>
      <Unplug size={18} />
    </IconButton>
  );
  return (
    <div className="flex justify-end gap-1">
      {owns && (
        <PopupOnDemand
          popup={termsDialog}
          props={{ row, onSaved: commands.termsSaved }}
          trigger={(opens) => (
            <IconButton tooltip={TERMS_TEXT.open} label={`${TERMS_TEXT.open} ${row.clientid}`} {...opens}>
              <Clock size={18} />
            </IconButton>
          )}
        />
      )}
      {blasting ? (
        <IconButton
          tooltip="Stop blast"
          label={`Stop ${row.clientid}`}
          tone="danger"
          onClick={() => commands.stop(row)}
        >
          <Square size={18} className="text-red-600 dark:text-red-400" />
        </IconButton>
      ) : (
        <IconButton
          tooltip="Start blast"
          label={`Start ${row.clientid}`}
          disabled={row.requesting || row.suspended}
          onClick={() => commands.start(row)}
        >
          <Play size={18} className="text-brand-600" />
        </IconButton>
      )}
      {blasting ? (
        <BlastWarning row={row} commands={commands} trigger={reset} />
      ) : (
        <ConfirmButton
          title="Reset akun?"
          description="Jumlah berhasil, gagal dan pendapatan akun ini dikembalikan ke 0. Total pendapatan Anda tidak berubah."
          confirmLabel="Reset"
          onConfirm={() => commands.reset(row)}
          trigger={reset}
        />
      )}
      {blasting ? (
        <BlastWarning row={row} commands={commands} trigger={reconnect} />
      ) : (
        <ConfirmButton
          title="Sambungkan ulang?"
          description="Anda akan memindai QR atau memasukkan kode lagi untuk akun ini."
          confirmLabel="Sambungkan"
          onConfirm={() => commands.reconnect(row)}
          trigger={reconnect}
        />
      )}
    </div>
  );
}
