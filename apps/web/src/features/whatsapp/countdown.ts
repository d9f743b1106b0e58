/** Whole seconds left until a moment, ticking each second; 0 once it passed or when there is none. */
import { useEffect, useState } from 'react';

export function useCountdown(until: number | null): number {
  const [clock, setClock] = useState(() => ({ until, now: Date.now() }));
  // A new moment is counted from now in the render that brings it: the clock of the one before could be
  // minutes old, and the first frame would show that many seconds too many.
  let { now } = clock;
  if (clock.until !== until) {
    now = Date.now();
    setClock({ until, now });
  }
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setClock({ until, now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
