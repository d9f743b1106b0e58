/**
 * A button whose dialog — Radix's code and whatever the dialog holds — loads when the person reaches for it
 * (pointer over, focus, a press), so that a screen's first load goes without it (DESIGN §10). A press that
 * comes before the code opens the dialog once the code is there. Radix moves the focus into the dialog as it
 * does behind its own trigger, and the focus goes back to this button when the dialog closes.
 */
import { type ComponentType, type ReactNode, type Ref, useRef, useState } from 'react';
import type { OnDemand } from '../lib/on-demand.ts';

/** What a dialog opened from DialogOnDemand is given besides its own props: its button controls it. */
export interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** For Radix's Content: its own return of the focus knows only a Radix trigger, and this button is none. */
  onCloseAutoFocus: (event: Event) => void;
}

/** What the button must carry: what Radix's trigger would say of the dialog, and the hooks that load it. */
export interface DialogTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
  'data-state': 'open' | 'closed';
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/** A dialog's component: its own props, and the control its button keeps. */
export type Dialog<P> = ComponentType<P & DialogControl>;

interface DialogOnDemandProps<P> {
  dialog: OnDemand<Dialog<P>>;
  /** The dialog's own props. */
  props: P;
  trigger: (props: DialogTriggerProps) => ReactNode;
}

export function DialogOnDemand<P>({ dialog, props, trigger }: DialogOnDemandProps<P>) {
  const [Loaded, setLoaded] = useState(() => dialog.loaded);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const load = () => {
    dialog.load().then(
      (loaded) => setLoaded(() => loaded),
      () => setOpen(false),
    );
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    button.current?.focus();
  };

  return (
    <>
      {trigger({
        ref: button,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onPointerEnter: load,
        onFocus: load,
        onClick: () => {
          setOpen(true);
          load();
        },
      })}
      {Loaded && <Loaded {...props} open={open} onOpenChange={setOpen} onCloseAutoFocus={returnFocus} />}
    </>
  );
}
