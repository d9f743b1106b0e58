import { describe, expect, it } from 'vitest';
import { ZLiveMessage } from './live.ts';
import { isLiveMessage } from './live-channel.ts';

const sender = { id: 1, user_id: 2, clientid: 'wa-1', state: 'connected', status: 'sending' };
const base = { deviceId: 'wa-1', date: '2026-11-27T03:00:00.000Z', sender };
const figures = {
  daily_cap: 200,
  cap_grown: false,
  sent_today: 12,
  warmup_day: null,
  warmup_days: 0,
  resume_at: null,
  wait_reason: null,
  health: 90,
  health_trend: 'steady',
  health_pause_below: 40,
  health_slowed: false,
};

/** Messages as the publishers send them: each is a kind of live.ts's union, so the reader takes it. */
const SENT = {
  qr: { event: 'qr', payload: { ...base, qr: 'QR-DATA' } },
  connection: { event: 'connection.update', payload: { ...base, state: 'connected' } },
  start: { event: 'start', payload: base },
  blastSuccess: {
    event: 'count_success',
    payload: { ...base, ...figures, count_success: 3, income: 60, number: '628111', last_sent: '2026-11-27' },
  },
  blastWait: { event: 'waiting', payload: { ...base, waitTime: 30 } },
  inUse: { event: 'in_use', payload: { ...base, number: '628111', in_use: 1 } },
  generatorSuccess: {
    event: 'count_success',
    payload: { ...base, generatorId: 7, count_success: 3, number: '628111', name: '', status: 'sending' },
  },
  validatorProgress: {
    event: 'progressing',
    payload: { ...base, validatorId: 4, value: 5, target: 10, progress: 50 },
  },
  generatorError: {
    event: 'error_generate',
    payload: { ...base, generatorId: 7, state: 'error', status: 'idle', sendError: 'Akun terputus' },
  },
  importProgress: {
    event: 'import_progress',
    payload: { deviceId: '', date: base.date, importId: 'imp-1', rows: 500, phase: 'reading' },
  },
};

describe('isLiveMessage', () => {
  it.each(Object.entries(SENT))('takes what a publisher sends: %s', (_, message) => {
    expect(ZLiveMessage.safeParse(message).success).toBe(true);
    expect(isLiveMessage(message)).toBe(true);
  });

  const { blastSuccess, generatorSuccess, importProgress, qr } = SENT;
  const DROPPED: Record<string, unknown> = {
    'not an object': 'qr',
    null: null,
    'an array': [qr],
    'no payload': { event: 'start' },
    'a payload that is an array': { event: 'start', payload: [base] },
    'an unknown event': { event: 'typing', payload: base },
    "a name on the object's prototype": { event: 'toString', payload: base },
    'no device': { event: 'start', payload: { date: base.date, sender } },
    'a time that is no string': { event: 'start', payload: { ...base, date: 1 } },
    'no sender': { event: 'start', payload: { deviceId: 'wa-1', date: base.date } },
    'a sender that is no object': { event: 'start', payload: { ...base, sender: 1 } },
    'a count that is a string': {
      ...blastSuccess,
      payload: { ...blastSuccess.payload, count_success: '3' },
    },
    'a field it reads left out': { event: 'qr', payload: base },
    "a job's id that is no number": {
      ...generatorSuccess,
      payload: { ...generatorSuccess.payload, generatorId: '7' },
    },
    "a job's count without its status": {
      ...generatorSuccess,
      payload: { ...generatorSuccess.payload, status: undefined },
    },
    "an account's event naming a job": { event: 'qr', payload: { ...qr.payload, generatorId: 7 } },
    "a job's event naming none": { event: 'generating', payload: { ...base, status: 'sending', state: 'running' } },
    "an import's without its id": {
      ...importProgress,
      payload: { ...importProgress.payload, importId: undefined },
    },
  };
  it.each(Object.entries(DROPPED))('drops a message with %s', (_, message) => {
    expect(isLiveMessage(message)).toBe(false);
  });
});
