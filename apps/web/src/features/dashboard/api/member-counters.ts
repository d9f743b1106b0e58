/**
 * The member dashboard's counters (spec part 1 §2 Member dashboard, §7 Counters and money). Each is read
 * on its own, a failure reads as 0, and the last values are kept in the long-lived `analytics` cookie so
 * that they show at once on the next visit while the fresh ones load.
 */
import * as bonus from '@sewablast/contract/bonus-calls';
import { COOKIE, COOKIE_MAX_AGE_DAYS } from '@sewablast/contract/cookies';
import type { TBalance, TMessageLogCount, TTodayIncome, TTotalBonus } from '@sewablast/contract/counters';
import * as counters from '@sewablast/contract/counters-calls';
import type { TLiveMessage } from '@sewablast/contract/live';
import { isJobEvent } from '@sewablast/contract/live-channel';
import * as messagelog from '@sewablast/contract/messagelog-calls';
import type { TWhatsappCountResponse } from '@sewablast/contract/whatsapp';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useRef } from 'react';
import { call } from '../../../lib/api.ts';
import { useLive } from '../../../lib/live.ts';

export type MemberCounters = TWhatsappCountResponse &
  TMessageLogCount & { todayIncome: TTodayIncome['income'] } & TBalance &
  TTotalBonus;

type Key = keyof MemberCounters;

function cached(): Partial<MemberCounters> {
  try {
    return JSON.parse(Cookies.get(COOKIE.analytics) ?? '{}') as Partial<MemberCounters>;
  } catch {
    return {};
  }
}

const orZero = (read: () => Promise<Partial<MemberCounters>>): Promise<Partial<MemberCounters>> =>
  read().catch(() => ({}));

const REFRESH_MS = 1000;

/** The live events of the member's accounts after which some counter is different. */
const CHANGING: ReadonlySet<string> = new Set([
  'count_success',
  'count_fail',
  'count_delivered',
  'count_synced',
  'authenticated',
  'connection.update',
  'suspended',
  'reset',
]);

/** Whether a counter may differ after `message`: a generator's or validator's counts are none of them. */
export const changesCounters = (message: TLiveMessage): boolean => CHANGING.has(message.event) && !isJobEvent(message);

/**
 * Re-reads the counters as the member's accounts report on the live channel, at most once a second
 * however fast a blast goes, and after the channel comes back from a drop.
 */
export function useCountersFollowLive(userId: number) {
  const client = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void client.invalidateQueries({ queryKey: ['member-counters', userId] });
    }, REFRESH_MS);
  }, [client, userId]);
  useEffect(() => () => clearTimeout(pending.current), []);
  useLive(
    { kind: 'member', userId },
    {
      onMessage: (message) => {
        if (changesCounters(message)) refresh();
      },
      onReconnect: refresh,
    },
  );
}

export function useMemberCounters(userId: number) {
  const initial = cached();
  const sources: { keys: Key[]; read: () => Promise<Partial<MemberCounters>> }[] = [
    {
      keys: ['connectedCount', 'disconnectedCount'],
      read: () => call(counters.count, { params: { userId } }),
    },
    {
      keys: ['successCount', 'failCount', 'deliveredCount'],
      read: () => call(messagelog.count, { params: { id: userId } }),
    },
    {
      keys: ['todayIncome'],
      read: () =>
        call(messagelog.todayIncome, { params: { id: userId } }).then(({ income }) => ({
          todayIncome: income,
        })),
    },
    { keys: ['balance'], read: () => call(withdraw.balance, { params: { id: userId } }) },
    { keys: ['totalBonus'], read: () => call(bonus.total, { params: { id: userId } }) },
  ];
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['member-counters', userId, source.keys.join(',')],
      queryFn: () => orZero(source.read),
      refetchInterval: 15_000,
    })),
  });

  const values: Partial<Record<Key, number>> = {};
  const loading: Partial<Record<Key, boolean>> = {};
  sources.forEach((source, index) => {
    const result = results[index];
    for (const key of source.keys) {
      const fresh = result?.data?.[key];
      values[key] = typeof fresh === 'number' ? fresh : result?.isSuccess ? 0 : initial[key];
      loading[key] = !result?.isSuccess && initial[key] === undefined;
    }
  });

  const allLoaded = results.every((result) => result.isSuccess);
  const serialised = JSON.stringify(values);
  useEffect(() => {
    if (allLoaded) {
      Cookies.set(COOKIE.analytics, serialised, {
        path: '/',
        sameSite: 'lax',
        secure: window.location.protocol === 'https:',
        expires: COOKIE_MAX_AGE_DAYS,
      });
    }
  }, [allLoaded, serialised]);

  return { values, loading };
}
