/**
 * A double click on a button that closes its dialog: the first click closes it, and the second lands on
 * whatever lay behind the button — at a phone's width often another row's button, which then acts (opens a
 * confirmation for a different request). The rest of such a click is swallowed: the presses that follow at
 * the same spot soon enough to be one double click (or double tap) with the first, up to its `dblclick`.
 */

/** How far a second press may land from the first and still be the same double click (a finger's slop). */
const SLOP_PX = 24;
/** Longer than the systems' usual double-click time (500 ms). */
const WINDOW_MS = 800;
const EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'touchstart', 'touchend'];
const OPTIONS = { capture: true, passive: false } as const;

interface Press {
  clientX: number;
  clientY: number;
  /** 0 for a click made with the keyboard, which has no spot and no second press. */
  detail: number;
}

function pointOf(event: Event): { clientX: number; clientY: number } | undefined {
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) return event.changedTouches[0];
  return event instanceof MouseEvent ? event : undefined;
}

/** Called from the click that closes a dialog. */
export function swallowRestOfClick(press: Press): void {
  if (press.detail === 0) return;
  const since = performance.now();
  const swallow = (event: Event) => {
    if (performance.now() - since > WINDOW_MS) {
      stop();
      return;
    }
    const point = pointOf(event);
    if (!point) return;
    if (Math.abs(point.clientX - press.clientX) > SLOP_PX || Math.abs(point.clientY - press.clientY) > SLOP_PX) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // The double click is over: the next press is a click of its own.
    if (event.type === 'dblclick') stop();
  };
  const stop = () => {
    for (const name of EVENTS) window.removeEventListener(name, swallow, OPTIONS);
  };
  for (const name of EVENTS) window.addEventListener(name, swallow, OPTIONS);
  setTimeout(stop, WINDOW_MS);
}
