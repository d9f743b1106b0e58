/** What the simulator's tests share: a session's events as they come, and waiting for one. */
import type { SessionEvent, WaSession } from './driver.ts';

export function record(session: Pick<WaSession, 'subscribe'>): SessionEvent[] {
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  return events;
}

export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const isState = (state: string) => (event: SessionEvent) => event.type === 'connection' && event.state === state;

/** The events as short words, e.g. `connection:connected`, `qr`, `receipt:read`, for comparing sequences. */
export function summary(events: SessionEvent[]): string[] {
  return events.map((event) => {
    if (event.type === 'connection') return `connection:${event.state}`;
    if (event.type === 'receipt') return `receipt:${event.status}`;
    return event.type;
  });
}
