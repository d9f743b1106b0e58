/**
 * How live events change a generator's or a validator's row on its list (spec part 2 §4). Pure, so that each
 * rule is tested without a browser. An event names its job (`generatorId` or `validatorId`); a connection
 * change names only the account, and reaches every row on it.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { TLiveMessage } from '@sewablast/contract/live';
import { secondsLeft, type Wait } from '../../lib/live.ts';

/** What a job row holds that live events change (contract jobs.ts ZJobBase). */
export interface JobFields {
  id: number;
  status: 'sending' | 'idle';
  state: string;
  count_success: number;
  count_fail: number;
  /** Numbers to check in all, and checked so far. */
  total: number;
  done: number;
  progress: number;
  last_error: string | null;
  Whatsapp: { id: number; clientid: string; state: string } | null;
}

export interface JobLive {
  waiting: Wait | null;
  attempting: string | null;
  progressing: boolean;
  /** Start or stop was pressed and its answer has not come. */
  requesting: boolean;
  /** When each count last changed, for its own 1 s highlight. */
  successAt: number | null;
  failAt: number | null;
}

export type LiveJob<T extends JobFields> = T & JobLive;

/** Which id field of an event names the list's jobs. */
export type JobKey = 'generatorId' | 'validatorId';

export const toLiveJob = <T extends JobFields>(job: T): LiveJob<T> => ({
  ...job,
  waiting: null,
  attempting: null,
  progressing: false,
  requesting: false,
  successAt: null,
  failAt: null,
});

const CLEARED = { waiting: null, attempting: null, progressing: false, requesting: false };

/** A generator's events carry the number it is at (`current_number`, null once finished). */
function withPosition<T extends JobFields>(row: LiveJob<T>, payload: TLiveMessage['payload']): LiveJob<T> {
  return payload.current_number !== undefined && 'current_number' in row
    ? { ...row, current_number: payload.current_number }
    : row;
}

const asStatus = (value: string | undefined, fallback: JobFields['status']): JobFields['status'] =>
  value === 'sending' || value === 'idle' ? value : fallback;

/** Whether an event is about this row: its own job, or (a connection change) the account it runs on. */
export function concernsJob(row: JobFields, message: TLiveMessage, key: JobKey): boolean {
  if (message.event === 'connection.update') return row.Whatsapp?.clientid === message.payload.deviceId;
  return message.payload[key] === row.id;
}

export function applyJobEvent<T extends JobFields>(row: LiveJob<T>, message: TLiveMessage, now: number): LiveJob<T> {
  const { payload } = message;
  switch (message.event) {
    case 'generating':
    case 'validating':
      return { ...row, status: 'sending', state: 'running', progressing: true, requesting: false, waiting: null };
    case 'idle':
    case 'stop':
      return { ...row, ...CLEARED, status: 'idle', state: payload.state ?? 'idle' };
    case 'count_success':
      return {
        ...row,
        count_success: payload.count_success ?? row.count_success,
        status: asStatus(payload.status, row.status),
        progress: payload.progress ?? row.progress,
        successAt: now,
        attempting: null,
      };
    case 'count_fail':
      return {
        ...row,
        count_fail: payload.count_fail ?? row.count_fail,
        status: asStatus(payload.status, row.status),
        progress: payload.progress ?? row.progress,
        failAt: now,
        attempting: null,
      };
    case 'count_synced':
      return {
        ...row,
        count_success: payload.count_success ?? row.count_success,
        count_fail: payload.count_fail ?? row.count_fail,
      };
    case 'finished':
    case 'error_generate':
    case 'error_validate':
      return withPosition(
        {
          ...row,
          ...CLEARED,
          status: 'idle',
          state: payload.state ?? (message.event === 'finished' ? 'finished' : 'error'),
          count_success: payload.count_success ?? row.count_success,
          count_fail: payload.count_fail ?? row.count_fail,
          // A job that stopped on an error keeps its real progress; the spec's 100 % would claim it done.
          progress: payload.progress ?? (message.event === 'finished' ? 100 : row.progress),
          last_error: payload.sendError ?? row.last_error,
        },
        payload,
      );
    case 'connection.update': {
      const state = payload.state ?? row.Whatsapp?.state ?? '';
      const next = { ...row, Whatsapp: row.Whatsapp && { ...row.Whatsapp, state } };
      return state === 'conflict' ? { ...next, ...CLEARED, status: 'idle' } : next;
    }
    case 'reconnecting':
      // The run waits for its account now, not for a retry or the next check.
      return { ...row, state: 'reconnecting', waiting: null, attempting: null };
    case 'attempting':
      return { ...row, attempting: payload.code ?? '' };
    case 'progressing':
      return withPosition(
        {
          ...row,
          state: 'running',
          progressing: true,
          waiting: null,
          done: payload.value ?? row.done,
          total: payload.target ?? row.total,
          progress: payload.progress ?? row.progress,
        },
        payload,
      );
    case 'update_target':
      return { ...row, progressing: true };
    case 'reset':
      return { ...row, ...CLEARED, state: payload.state ?? row.state };
    case 'waiting':
      // A wait for check budget (account safety) is told by its state, not counted down: it may last an hour.
      if (payload.state === 'quota' || payload.state === 'no_checker') {
        return { ...row, progressing: false, state: payload.state, waiting: null, attempting: null };
      }
      return { ...row, progressing: false, state: 'waiting', waiting: { seconds: payload.waitTime ?? 0, since: now } };
    default:
      return row;
  }
}

/**
 * The Status cell (spec part 2 §2): a retry, then a wait counting down, then a reconnect or a wait for check
 * budget, then the run's own label ('Generating' or 'Validating') while it runs; a stopped job says whether it
 * finished.
 */
export function jobStatusLabel(row: LiveJob<JobFields>, now: number, runningLabel: string): string {
  if (row.status === 'sending') {
    if (row.attempting !== null) return JOB_TEXT.attempting(row.attempting);
    if (row.state === 'quota') return JOB_TEXT.waitLookups;
    if (row.state === 'no_checker') return JOB_TEXT.noChecker;
    if (row.waiting !== null) return JOB_TEXT.waiting(secondsLeft(row.waiting, now));
    if (row.state === 'reconnecting') return JOB_TEXT.reconnecting;
    return runningLabel;
  }
  if (row.state === 'finished') return JOB_TEXT.finished;
  if (row.state === 'error') return JOB_TEXT.filterLabels.error;
  return JOB_TEXT.idle;
}

/** A running job (or one asked to run) offers Stop; any other offers Start. */
export const isRunning = (row: JobFields) => row.status === 'sending';
