/**
 * The admin dashboard's cards (spec part 2 §2 Admin dashboard cards): each figure from the endpoint that
 * already serves it, read on its own when the dashboard opens; a failed read shows 0 without a word.
 */
import * as counters from '@sewablast/contract/counters-calls';
import * as messagelog from '@sewablast/contract/messagelog-calls';
import * as proxy from '@sewablast/contract/proxy-calls';
import * as users from '@sewablast/contract/users-calls';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useQueries } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export interface AdminCounters {
  unusedProxies: number;
  unblastedNumbers: number;
  activeWhatsapp: number;
  inactiveWhatsapp: number;
  activeMembers: number;
  todaySuccess: number;
  todayFail: number;
  totalSuccess: number;
  totalFail: number;
  paidToday: number;
  paidAll: number;
}
type Key = keyof AdminCounters;

const SOURCES: { keys: Key[]; read: () => Promise<Partial<AdminCounters>> }[] = [
  {
    keys: ['unusedProxies'],
    read: async () => ({ unusedProxies: (await call(proxy.countUse)).unUsed }),
  },
  {
    keys: ['unblastedNumbers'],
    read: async () => ({
      unblastedNumbers: (await call(counters.countBlast)).unBlasted,
    }),
  },
  {
    keys: ['activeWhatsapp', 'inactiveWhatsapp'],
    read: async () => {
      const { connectedCount, disconnectedCount } = await call(counters.countAll);
      return { activeWhatsapp: connectedCount, inactiveWhatsapp: disconnectedCount };
    },
  },
  {
    keys: ['activeMembers'],
    read: async () => ({ activeMembers: (await call(users.active)).count }),
  },
  {
    keys: ['todaySuccess', 'todayFail'],
    read: async () => {
      const { success, fail } = await call(messagelog.todayCount);
      return { todaySuccess: success, todayFail: fail };
    },
  },
  {
    keys: ['totalSuccess', 'totalFail'],
    read: async () => {
      const { success, fail } = await call(messagelog.totalCount);
      return { totalSuccess: success, totalFail: fail };
    },
  },
  {
    keys: ['paidToday'],
    read: async () => ({ paidToday: (await call(withdraw.totalToday)).total }),
  },
  {
    keys: ['paidAll'],
    read: async () => ({ paidAll: (await call(withdraw.totalAll)).total }),
  },
];

export function useAdminCounters() {
  const results = useQueries({
    queries: SOURCES.map((source) => ({
      queryKey: ['admin-counters', source.keys.join(',')],
      queryFn: () => source.read().catch((): Partial<AdminCounters> => ({})),
      refetchOnMount: 'always' as const,
    })),
  });
  const values = {} as AdminCounters;
  const loading: Partial<Record<Key, boolean>> = {};
  SOURCES.forEach((source, index) => {
    const result = results[index];
    for (const key of source.keys) {
      values[key] = result?.data?.[key] ?? 0;
      loading[key] = result?.isPending ?? true;
    }
  });
  return { values, loading };
}
