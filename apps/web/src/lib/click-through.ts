/**
 * A double click on a button that closes its dialog: the first click closes it, and the second lands on
 * whatever lay behind the button — at a phone's width often another row's button, which then acts (opens a
 * confirmation for a different request). The rest of such a double click (or double tap) is swallowed: the
 * events that follow at the same spot while the browser counts the clicks as one, up to its `dblclick`.
 */

/** How far a second press may land from the first and still be the same double click (a finger's slop). */
const SLOP_PX = 24;
/** Longer than the systems' usual double-click time (500 ms): the guard never outlives it. */
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

/**
 * How many clicks the browser counts this press as, or null where it does not say: pointer and touch events
 * come before the mouse events that carry the count.
 */
function clickCount(event: Event): number | null {
  if (typeof PointerEvent !== 'undefined' && event instanceof PointerEvent) return null;
  return event instanceof MouseEvent ? event.detail : null;
}

/** Called from the click that closes a dialog. */
export function swallowRestOfClick(press: Press): void {
  if (press.detail === 0) return;
  const since = performance.now();
  const swallow = (event: Event) => {
    const point = pointOf(event);
    if (performance.now() - since > WINDOW_MS) {
      stop();
      return;
    }
    if (
      !point ||
      Math.abs(point.clientX - press.clientX) > SLOP_PX ||
      Math.abs(point.clientY - press.clientY) > SLOP_PX
    ) {
      return;
    }
    const count = clickCount(event);
    // A click of its own (counted 1), however soon: it goes through, and the guard ends.
    if (count === 1) {
      stop();
      return;
    }
    // Nothing behind the dialog hears it. Only a counted second click is cancelled too: cancelling a pointer
    // or touch event would also drop the mouse events that tell a click of its own from the double click.
    event.stopImmediatePropagation();
    if (count !== null) event.preventDefault();
    if (event.type === 'dblclick') stop();
  };
  const stop = () => {
    for (const name of EVENTS) window.removeEventListener(name, swallow, OPTIONS);
  };
  for (const name of EVENTS) window.addEventListener(name, swallow, OPTIONS);
  setTimeout(stop, WINDOW_MS);
}
