// The week bench's account health (account-week.bench.mjs): the engine's score (health.ts) over the signals the
// bench's simulated accounts produce, kept as the clock moves on.
import {
  HEALTH_TREND_HOURS,
  HEALTH_WINDOW_HOURS,
  healthScore,
  LAG_MINUTES,
  NO_SIGNALS,
} from '../../apps/server/src/rules/safety/health.ts';

const HOUR_MS = 3_600_000;

/**
 * An account's health signals as its event log and message logs would hold them (health-signals.ts): the score
 * over the window ending now, and over the one ending HEALTH_TREND_HOURS earlier for its trend. A message's
 * sent, read, replied and stopped count from when it went (the simulator answers within seconds); it settles,
 * lagging or not, LAG_MINUTES later. Counted as the clock moves on (each window's two ends walk two queues in
 * time order), so that a week of sends every 10–30 s costs a step a signal, not a pass over the window.
 * `thresholds`: the settings' health thresholds, passed on with the score as the send policy reads them.
 */
export function healthLog(thresholds) {
  const queues = [[], []];
  const SETTLING = 1;
  const windows = [0, HEALTH_TREND_HOURS * HOUR_MS].map((back) => ({
    back,
    counts: { ...NO_SIGNALS },
    at: [0, 0],
    from: [0, 0],
  }));
  const walk = (window, end) => {
    queues.forEach((queue, q) => {
      while (window.at[q] < queue.length && queue[window.at[q]].at <= end) window.counts[queue[window.at[q]++].kind]++;
      const from = end - HEALTH_WINDOW_HOURS * HOUR_MS;
      while (window.from[q] < window.at[q] && queue[window.from[q]].at <= from)
        window.counts[queue[window.from[q]++].kind]--;
    });
  };
  // What both windows have left behind goes, now and then, so that a week's queues stay short.
  const trim = () => {
    queues.forEach((queue, q) => {
      const gone = Math.min(...windows.map((window) => window.from[q]));
      if (gone < 4096) return;
      queue.splice(0, gone);
      for (const window of windows) {
        window.at[q] -= gone;
        window.from[q] -= gone;
      }
    });
  };
  const add = (at, kind, q = 0) => queues[q].push({ at, kind });
  return {
    add,
    /** A message WhatsApp took at `at`, with what becomes of it (the simulator's fate). */
    sent: (at, fate) => {
      add(at, 'sent');
      if (fate.read) add(at, 'read');
      if (fate.replied) add(at, 'replied');
      if (fate.stopped) add(at, 'stopped');
      add(at + LAG_MINUTES * 60_000, 'settled', SETTLING);
      if (fate.lagged) add(at + LAG_MINUTES * 60_000, 'lagging', SETTLING);
    },
    health: (now) => {
      const [score, before] = windows.map((window) => {
        walk(window, now - window.back);
        return healthScore(window.counts);
      });
      trim();
      return { score, before, thresholds };
    },
  };
}
