/**
 * The signed-in pages' toasts. Sonner (about 9 KB) loads with the first toast rather than with the first load
 * (DESIGN §10): a toast asked for before its code is there is shown once it is, through the toaster that
 * `app/toaster.tsx` mounts on demand. Sonner's own toaster shows only what is raised after it subscribed, so a
 * toast waits here until the mounted toaster says it is ready.
 */
import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Show = (sonner: Sonner) => void;

let ready: Sonner | undefined;
let waiting: Show[] = [];
let wanted: (() => void) | undefined;
/** Between a toaster layout's going and the next one's coming (signed out): toasts are dropped, as before. */
let dropping = false;
let lastId = 0;

function show(action: Show) {
  if (ready) {
    action(ready);
    return;
  }
  if (dropping) return;
  waiting.push(action);
  wanted?.();
}

type Message = Parameters<Sonner['success']>[0];
/** Which toast a later call replaces (a progress toast's next step, its failure). */
interface Options {
  id: string;
}

export const toast = {
  success: (message: Message) => show((sonner) => sonner.success(message)),
  error: (message: Message, options?: Options) => show((sonner) => sonner.error(message, options)),
  info: (message: Message) => show((sonner) => sonner.info(message)),
  /** The id is made here, not by sonner, because the caller needs it before sonner has loaded. */
  loading: (message: Message, { id }: Options = { id: `toast-${++lastId}` }) => {
    show((sonner) => sonner.loading(message, { id }));
    return id;
  },
  dismiss: (id: string) => show((sonner) => sonner.dismiss(id)),
};

/** For the toaster's layout: `load` is called when a toast is asked for and no toaster is ready. */
export function whenToastWanted(load: () => void): () => void {
  wanted = load;
  dropping = false;
  if (waiting.length > 0) load();
  return () => {
    if (wanted !== load) return;
    wanted = undefined;
    dropping = true;
    waiting = [];
  };
}

/** For the mounted toaster, once sonner's own has subscribed: the waiting toasts show, and the next at once. */
export function toasterReady(sonner: Sonner): () => void {
  ready = sonner;
  const shown = waiting;
  waiting = [];
  for (const action of shown) action(sonner);
  return () => {
    if (ready === sonner) ready = undefined;
  };
}
