/**
 * 'Dashboard Member': the announcement marquee, seven counter cards (spec part 1 §2), the forecast of a day's
 * income by the accounts' caps and hours (issue 23) and the income per day.
 */
import { COUNTERS_TEXT } from '@sewablast/contract/counters-text';
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import type { TUser } from '@sewablast/contract/users';
import type { LucideIcon } from 'lucide-react';
import { Ban, CalendarClock, CircleCheck, CircleX, Gift, Smartphone, TrendingUp, Wallet } from 'lucide-react';
import { Spinner } from '../../components/spinner.tsx';
import { formatNumber, formatRupiah } from '../../lib/format.ts';
import { useIncomeForecast } from './api/income-forecast.ts';
import { type MemberCounters, useCountersFollowLive, useMemberCounters } from './api/member-counters.ts';
import { useAnnouncement } from './api/settings-info.ts';
import { IncomeChart } from './income-chart.tsx';

interface CounterCard {
  key: keyof MemberCounters;
  label: string;
  icon: LucideIcon;
  money?: boolean;
  tone: string;
  /** A second figure under the first, with its label. */
  detail?: { key: keyof MemberCounters; label: string };
}

const CARDS: CounterCard[] = [
  {
    key: 'connectedCount',
    label: 'WhatsApp Aktif',
    icon: Smartphone,
    tone: 'text-brand-600 bg-brand-50 dark:bg-brand-600/15',
  },
  {
    key: 'disconnectedCount',
    label: 'WhatsApp Tidak Aktif',
    icon: Ban,
    tone: 'text-slate-600 bg-slate-100 dark:bg-slate-800 dark:text-slate-300',
  },
  {
    key: 'successCount',
    label: 'Blast Berhasil',
    icon: CircleCheck,
    tone: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-600/15',
    detail: { key: 'deliveredCount', label: COUNTERS_TEXT.delivered },
  },
  { key: 'failCount', label: 'Blast Gagal', icon: CircleX, tone: 'text-red-600 bg-red-50 dark:bg-red-600/15' },
  {
    key: 'todayIncome',
    label: 'Pendapatan Hari Ini',
    icon: TrendingUp,
    money: true,
    tone: 'text-sky-600 bg-sky-50 dark:bg-sky-600/15',
  },
  {
    key: 'balance',
    label: 'Sisa Saldo',
    icon: Wallet,
    money: true,
    tone: 'text-amber-600 bg-amber-50 dark:bg-amber-600/15',
  },
  {
    key: 'totalBonus',
    label: 'Total Bonus',
    icon: Gift,
    money: true,
    tone: 'text-fuchsia-600 bg-fuchsia-50 dark:bg-fuchsia-600/15',
  },
];

/** Marquee speed 50 (spec): about 50 pixels a second, whatever the text's length. */
const MARQUEE_PX_PER_S = 50;

export function MemberDashboard({ user }: { user: TUser }) {
  const announcement = useAnnouncement();
  const { values, loading } = useMemberCounters(user.id);
  useCountersFollowLive(user.id);
  const text = announcement.data ?? '';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Dashboard Member</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400" data-testid="greeting">
          Selamat datang, {user.firstname}!
        </p>
      </div>
      {text && (
        <div
          className="overflow-hidden rounded-xl border border-brand-100 bg-brand-50 py-2.5 dark:border-brand-600/30 dark:bg-brand-600/10"
          data-testid="marquee"
        >
          <p
            className="inline-block animate-[marquee_linear_infinite] pl-[100%] whitespace-nowrap text-sm font-medium text-brand-700 dark:text-brand-500"
            style={{ animationDuration: `${Math.max(8, (text.length * 8 + 1200) / MARQUEE_PX_PER_S)}s` }}
          >
            {text}
          </p>
        </div>
      )}
      {/* Cards are min-w-0 and their figures break: a long rupiah must not widen a phone's page. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {CARDS.map(({ key, label, icon: Icon, money, tone, detail }) => (
          <div
            key={key}
            data-testid={`card-${key}`}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <span className={`flex size-11 items-center justify-center rounded-lg ${tone}`}>
              <Icon size={22} />
            </span>
            <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{label}</p>
            <p
              className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl dark:text-white"
              data-testid={`value-${key}`}
            >
              {loading[key] ? (
                <Spinner size={22} className="text-brand-600" />
              ) : money ? (
                formatRupiah(values[key] ?? 0)
              ) : (
                formatNumber(values[key] ?? 0)
              )}
            </p>
            {detail && !loading[detail.key] && (
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid={`value-${detail.key}`}>
                {detail.label} {formatNumber(values[detail.key] ?? 0)}
              </p>
            )}
          </div>
        ))}
        <ForecastCard userId={user.id} />
      </div>
      <IncomeChart userId={user.id} />
    </div>
  );
}

/** A day's income as the connected accounts' caps and hours allow it; a failed read shows 0, as the counters do. */
function ForecastCard({ userId }: { userId: number }) {
  const forecast = useIncomeForecast(userId);
  return (
    <div
      data-testid="card-forecast"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <span className="flex size-11 items-center justify-center rounded-lg bg-teal-50 text-teal-600 dark:bg-teal-600/15">
        <CalendarClock size={22} />
      </span>
      <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{DASHBOARD_TEXT.forecast}</p>
      <p
        className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl dark:text-white"
        data-testid="value-forecast"
      >
        {forecast.isPending ? (
          <Spinner size={22} className="text-brand-600" />
        ) : (
          formatRupiah(forecast.data?.daily_income ?? 0)
        )}
      </p>
      {forecast.data && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {DASHBOARD_TEXT.forecastDetail(forecast.data.accounts.length)}
        </p>
      )}
    </div>
  );
}
