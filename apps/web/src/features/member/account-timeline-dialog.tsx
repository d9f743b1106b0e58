/**
 * 'Riwayat' of one account (/member/whatsapp, admins and devs): its 48 hours before its latest ban, or the
 * last 48 hours — hourly series (whatever series the server sends, health included once it does), figures,
 * WhatsApp's codes, the variants it sent and its own events in order. Scrolls inside itself at 375 px.
 */
import type { TAccountTimeline, TTimelineEvent } from '@sewablast/contract/account-loss';
import { ACCOUNT_LOSS_TEXT, accountEventLabel } from '@sewablast/contract/account-loss-text';
import { Dialog } from 'radix-ui';
import { Alert } from '../../components/alert.tsx';
import { HourlyBars } from '../../components/hourly-bars.tsx';
import type { PopupControl } from '../../components/popup-on-demand.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { WindowFigures } from '../../components/window-figures.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useAccountTimeline } from './api/account-timeline.ts';

export interface AccountTimelineProps {
  id: number;
  phonenumber: string;
}

const sectionTitle = 'text-sm font-semibold text-slate-900 dark:text-white';

function eventNote(event: TTimelineEvent): string {
  const parts = [event.code ?? ''];
  if (event.until) parts.push(ACCOUNT_LOSS_TEXT.until(formatDateTime(event.until)));
  if (event.proxy_host !== undefined)
    parts.push(event.proxy_host ? ACCOUNT_LOSS_TEXT.newProxy(event.proxy_host) : ACCOUNT_LOSS_TEXT.noProxy);
  return parts.filter(Boolean).join(' · ');
}

function Timeline({ timeline }: { timeline: TAccountTimeline }) {
  const { loss, figures } = timeline;
  return (
    <div className="space-y-5">
      <WindowFigures figures={figures} />
      <section className="grid gap-3 sm:grid-cols-2" aria-label={ACCOUNT_LOSS_TEXT.history}>
        {timeline.series.map((series) => (
          <HourlyBars key={series.key} seriesKey={series.key} points={series.points} />
        ))}
      </section>
      <section>
        <h3 className={sectionTitle}>{ACCOUNT_LOSS_TEXT.codes}</h3>
        {figures.codes.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {figures.codes.map((code) => (
              <li
                key={code.code}
                className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 tabular-nums dark:bg-red-950 dark:text-red-300"
              >
                {code.code} × {code.count}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{ACCOUNT_LOSS_TEXT.noCodes}</p>
        )}
      </section>
      <section>
        <h3 className={sectionTitle}>{ACCOUNT_LOSS_TEXT.variants}</h3>
        {timeline.variants.length ? (
          <ul className="mt-2 space-y-1 text-sm">
            {timeline.variants.map((variant) => (
              <li key={`${variant.template_id}-${variant.variant}`} className="flex justify-between gap-3">
                <span className="min-w-0 break-words text-slate-700 dark:text-slate-300">
                  {ACCOUNT_LOSS_TEXT.variantOf(variant.template_id ?? 0, variant.variant)}
                </span>
                <span className="shrink-0 tabular-nums text-slate-900 dark:text-white">
                  {variant.sends}
                  {variant.fails > 0 && <span className="text-red-700 dark:text-red-400"> ({variant.fails})</span>}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{ACCOUNT_LOSS_TEXT.noVariants}</p>
        )}
      </section>
      <section>
        <h3 className={sectionTitle}>{ACCOUNT_LOSS_TEXT.events}</h3>
        {timeline.events.length ? (
          <ol className="mt-2 space-y-1.5 border-l border-slate-200 pl-3 text-sm dark:border-slate-700">
            {timeline.events.map((event) => (
              <li key={event.id}>
                <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  {formatDateTime(event.at)}
                </span>
                <span
                  className={
                    loss && event.at === loss.at && event.kind === loss.kind
                      ? 'font-semibold text-red-700 dark:text-red-400'
                      : 'font-medium text-slate-900 dark:text-white'
                  }
                >
                  {accountEventLabel(event.kind)}
                </span>
                {eventNote(event) && <span className="text-slate-600 dark:text-slate-400"> · {eventNote(event)}</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{ACCOUNT_LOSS_TEXT.noEvents}</p>
        )}
      </section>
    </div>
  );
}

export function AccountTimelineDialog({
  id,
  phonenumber,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: AccountTimelineProps & PopupControl) {
  const timeline = useAccountTimeline(id, open);
  const loss = timeline.data?.loss;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="border-b border-slate-200 p-5 dark:border-slate-800">
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
              {ACCOUNT_LOSS_TEXT.historyOf(phonenumber)}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {!timeline.data
                ? ' '
                : loss
                  ? ACCOUNT_LOSS_TEXT.windowBeforeLoss(48, accountEventLabel(loss.kind), formatDateTime(loss.at))
                  : ACCOUNT_LOSS_TEXT.windowUntilNow(48)}
            </Dialog.Description>
          </div>
          {/* Reachable by keyboard, so that a keyboard alone scrolls the timeline. */}
          <section
            aria-label={ACCOUNT_LOSS_TEXT.historyOf(phonenumber)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto p-5 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {timeline.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner size={24} className="text-brand-600" />
              </div>
            ) : timeline.error ? (
              <Alert tone="error">{timeline.error.message}</Alert>
            ) : (
              <Timeline timeline={timeline.data} />
            )}
          </section>
          <div className="border-t border-slate-200 p-4 dark:border-slate-800">
            <Dialog.Close className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
              {ACCOUNT_LOSS_TEXT.close}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
