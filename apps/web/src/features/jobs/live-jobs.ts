/**
 * How live events change a generator's or a validator's row on its list (spec part 2 §4). Pure, so that each
 * rule is tested without a browser. An event names its job (`generatorId` or `validatorId`); a connection
 * change names only the account, and reaches every row on it.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { TJobLiveMessage, TLiveMessage, TLiveMessageOf } from '@sewablast/contract/live';
import { isJobEvent } from '@sewablast/contract/live-channel';
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

/** What a job's list hears: its jobs' own events, and its accounts' connection changes. */
export type JobListMessage = TJobLiveMessage | TLiveMessageOf<'connection.update'>;

/** A generator's events carry the number it is at (`current_number`, null once finished). */
function withPosition<T extends JobFields>(row: LiveJob<T>, payload: TJobLiveMessage['payload']): LiveJob<T> {
  return 'current_number' in payload && 'current_number' in row
    ? { ...row, current_number: payload.current_number }
    : row;
}

/** The id of the job an event names in the list's id field, if it names one there. */
const idIn = (payload: TJobLiveMessage['payload'], key: JobKey): number | undefined =>
  key === 'generatorId'
    ? 'generatorId' in payload
      ? payload.generatorId
      : undefined
    : 'validatorId' in payload
      ? payload.validatorId
      : undefined;

/** Whether an event is about this row: its own job, or (a connection change) the account it runs on. */
export function concernsJob(row: JobFields, message: TLiveMessage, key: JobKey): message is JobListMessage {
  if (message.event === 'connection.update') return row.Whatsapp?.clientid === message.payload.deviceId;
  return isJobEvent(message) && idIn(message.payload, key) === row.id;
}

export function applyJobEvent<T extends JobFields>(row: LiveJob<T>, message: JobListMessage, now: number): LiveJob<T> {
  switch (message.event) {
    case 'generating':
    case 'validating':
      return { ...row, status: 'sending', state: 'running', progressing: true, requesting: false, waiting: null };
    case 'idle':
    case 'stop':
      return { ...row, ...CLEARED, status: 'idle', state: message.payload.state };
    case 'count_success':
      return {
        ...row,
        count_success: message.payload.count_success,
        status: message.payload.status,
        successAt: now,
        attempting: null,
      };
    case 'count_fail':
      return {
        ...row,
        count_fail: message.payload.count_fail,
        status: message.payload.status,
        failAt: now,
        attempting: null,
      };
    case 'count_synced':
      return { ...row, count_success: message.payload.count_success, count_fail: message.payload.count_fail };
    case 'finished': {
      const { payload } = message;
      return withPosition(
        {
          ...row,
          ...CLEARED,
          status: payload.status,
          state: payload.state,
          count_success: payload.count_success,
          count_fail: payload.count_fail,
          progress: payload.progress,
        },
        payload,
      );
    }
    case 'error_generate':
    case 'error_validate':
      // A job that stopped on an error keeps its real progress; the spec's 100 % would claim it done.
      return {
        ...row,
        ...CLEARED,
        status: message.payload.status,
        state: message.payload.state,
        last_error: message.payload.sendError,
      };
    case 'connection.update': {
      const { state } = message.payload;
      const next = { ...row, Whatsapp: row.Whatsapp && { ...row.Whatsapp, state } };
      return state === 'conflict' ? { ...next, ...CLEARED, status: 'idle' } : next;
    }
    case 'reconnecting':
      // The run waits for its account now, not for a retry or the next check.
      return { ...row, state: 'reconnecting', waiting: null, attempting: null };
    case 'attempting':
      return { ...row, attempting: message.payload.code };
    case 'progressing': {
      const { payload } = message;
      return withPosition(
        {
          ...row,
          state: 'running',
          progressing: true,
          waiting: null,
          done: payload.value,
          total: payload.target,
          progress: payload.progress,
        },
        payload,
      );
    }
    case 'update_target':
      return { ...row, progressing: true };
    case 'reset':
      return { ...row, ...CLEARED, state: message.payload.state };
    case 'waiting': {
      const { payload } = message;
      // A wait for check budget (account safety) is told by its state, not counted down: it may last an hour.
      if ('state' in payload)
        return { ...row, progressing: false, state: payload.state, waiting: null, attempting: null };
      return { ...row, progressing: false, state: 'waiting', waiting: { seconds: payload.waitTime, since: now } };
    }
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
