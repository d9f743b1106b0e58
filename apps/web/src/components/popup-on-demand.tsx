/**
 * The one way a popup loads on demand: a button whose dialog or menu — Radix's code and whatever the popup
 * holds — loads when the person reaches for it (pointer over, focus, a press), so that a screen's first load
 * goes without it (DESIGN §10). The button is this one's from the first draw to the last, never swapped for
 * Radix's trigger: a press that comes before the code opens the popup once the code is there. Radix moves the
 * focus into the popup as it does behind its own trigger, and the focus comes back to this button on close.
 */
import {
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type RefObject,
  useRef,
  useState,
} from 'react';
import type { OnDemand } from '../lib/on-demand.ts';

/** What a popup opened from PopupOnDemand is given besides its own props: its button controls it. */
export interface PopupControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** For Radix's Content: its own return of the focus knows only a Radix trigger, and this button is none. */
  onCloseAutoFocus: (event: Event) => void;
  /**
   * For a menu's Content (`onEntryFocus`): opened by a key, the focus starts on its first item, as behind Radix's
   * own trigger. Radix tells a key from a pointer by listening once its code is there, so a key pressed before it
   * arrived would leave the focus on the menu itself.
   */
  onEntryFocus: (event: Event) => void;
  /** The button, for a popup drawn beside it (a menu's anchor). */
  anchor: RefObject<HTMLButtonElement | null>;
}

/** What the button must carry: what Radix's trigger would say of the popup, and the hooks that load it. */
export interface PopupTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'dialog' | 'menu';
  'aria-expanded': boolean;
  'data-state': 'open' | 'closed';
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: (event: MouseEvent) => void;
  /** A menu's button also opens on Down Arrow, as Radix's does. */
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/** A popup's component: its own props, and the control its button keeps. */
export type Popup<P> = ComponentType<P & PopupControl>;

interface PopupOnDemandProps<P> {
  popup: OnDemand<Popup<P>>;
  /** The popup's own props. */
  props: P;
  /** A dialog unless said otherwise. */
  kind?: 'dialog' | 'menu';
  trigger: (props: PopupTriggerProps) => ReactNode;
}

export function PopupOnDemand<P>({ popup, props, kind = 'dialog', trigger }: PopupOnDemandProps<P>) {
  const [Loaded, setLoaded] = useState(() => popup.loaded);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const byKey = useRef(false);

  const load = () => {
    popup.load().then(
      (loaded) => setLoaded(() => loaded),
      () => setOpen(false),
    );
  };
  const opens = () => {
    setOpen(true);
    load();
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    button.current?.focus();
  };
  const focusFirstItem = (event: Event) => {
    if (kind !== 'menu' || !byKey.current || !(event.currentTarget instanceof HTMLElement)) return;
    const first = event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };

  return (
    <>
      {trigger({
        ref: button,
        'aria-haspopup': kind,
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onPointerEnter: load,
        onFocus: load,
        onClick: (event) => {
          // Enter and Space press a button with a click of no pointer.
          byKey.current = event.detail === 0;
          opens();
        },
        ...(kind === 'menu' && {
          onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key !== 'ArrowDown') return;
            event.preventDefault();
            byKey.current = true;
            opens();
          },
        }),
      })}
      {Loaded && (
        <Loaded
          {...props}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={returnFocus}
          onEntryFocus={focusFirstItem}
          anchor={button}
        />
      )}
    </>
  );
}
