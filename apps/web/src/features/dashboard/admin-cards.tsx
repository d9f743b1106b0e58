/** The admin dashboard's eight cards (spec part 2 §2 Admin dashboard cards), each with a spinner until its figures arrive. */
import { DASHBOARD_TEXT as T } from '@sewablast/contract/dashboard-text';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Ban, ChartColumn, Network, PhoneOff, Send, Smartphone, Users, Wallet } from 'lucide-react';
import { Spinner } from '../../components/spinner.tsx';
import { formatNumber, formatRupiah } from '../../lib/format.ts';
import { type AdminCounters, useAdminCounters } from './api/admin-counters.ts';

interface Figure {
  key: keyof AdminCounters;
  /** Set when the card shows two figures, each under its own label. */
  label?: string;
}
interface CardSpec {
  id: string;
  label: string;
  icon: LucideIcon;
  tone: string;
  figures: Figure[];
  money?: boolean;
}

const CARDS: CardSpec[] = [
  {
    id: 'unusedProxies',
    label: T.unusedProxies,
    icon: Network,
    tone: 'text-sky-600 bg-sky-50 dark:bg-sky-600/15',
    figures: [{ key: 'unusedProxies' }],
  },
  {
    id: 'unblastedNumbers',
    label: T.unblastedNumbers,
    icon: PhoneOff,
    tone: 'text-amber-600 bg-amber-50 dark:bg-amber-600/15',
    figures: [{ key: 'unblastedNumbers' }],
  },
  {
    id: 'activeWhatsapp',
    label: T.activeWhatsapp,
    icon: Smartphone,
    tone: 'text-brand-600 bg-brand-50 dark:bg-brand-600/15',
    figures: [{ key: 'activeWhatsapp' }],
  },
  {
    id: 'inactiveWhatsapp',
    label: T.inactiveWhatsapp,
    icon: Ban,
    tone: 'text-slate-600 bg-slate-100 dark:bg-slate-800 dark:text-slate-300',
    figures: [{ key: 'inactiveWhatsapp' }],
  },
  {
    id: 'activeMembers',
    label: T.activeMembers,
    icon: Users,
    tone: 'text-fuchsia-600 bg-fuchsia-50 dark:bg-fuchsia-600/15',
    figures: [{ key: 'activeMembers' }],
  },
  {
    id: 'blastsToday',
    label: T.blastsToday,
    icon: Send,
    tone: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-600/15',
    figures: [
      { key: 'todaySuccess', label: T.success },
      { key: 'todayFail', label: T.fail },
    ],
  },
  {
    id: 'blastsTotal',
    label: T.blastsTotal,
    icon: ChartColumn,
    tone: 'text-indigo-600 bg-indigo-50 dark:bg-indigo-600/15',
    figures: [
      { key: 'totalSuccess', label: T.success },
      { key: 'totalFail', label: T.fail },
    ],
  },
  {
    id: 'withdrawTotal',
    label: T.withdrawTotal,
    icon: Wallet,
    tone: 'text-rose-600 bg-rose-50 dark:bg-rose-600/15',
    money: true,
    figures: [
      { key: 'paidToday', label: T.today },
      { key: 'paidAll', label: T.all },
    ],
  },
];

export function AdminCards() {
  const { values, loading } = useAdminCounters();
  const show = (figure: Figure, money: boolean | undefined) =>
    loading[figure.key] ? (
      <Spinner size={22} className="text-brand-600" />
    ) : money ? (
      formatRupiah(values[figure.key])
    ) : (
      formatNumber(values[figure.key])
    );
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {CARDS.map(({ id, label, icon: Icon, tone, figures, money }) => {
        const [single] = figures;
        return (
          <section
            key={id}
            aria-label={label}
            data-testid={`card-${id}`}
            className={clsx(
              'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900',
              // Two figures, money above all, want the phone's whole width.
              (figures.length > 1 || id === 'activeMembers') && 'col-span-2 sm:col-span-1',
            )}
          >
            <span className={`flex size-11 items-center justify-center rounded-lg ${tone}`}>
              <Icon size={22} aria-hidden />
            </span>
            <h2 className="mt-4 text-sm text-slate-600 dark:text-slate-400">{label}</h2>
            {figures.length === 1 && single ? (
              <p
                className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white"
                data-testid={`value-${single.key}`}
              >
                {show(single, money)}
              </p>
            ) : (
              <dl className="mt-1 space-y-1">
                {figures.map((figure) => (
                  <div key={figure.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <dt className="text-sm text-slate-600 dark:text-slate-400">{figure.label}</dt>
                    <dd
                      className="text-lg font-bold text-slate-900 tabular-nums dark:text-white"
                      data-testid={`value-${figure.key}`}
                    >
                      {show(figure, money)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        );
      })}
    </div>
  );
}
