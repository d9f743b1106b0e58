/**
 * The header's user menu. Its button is drawn here, and the Radix menu behind it (user-dropdown.tsx, most of
 * the shell's Radix code) loads when the person reaches for it — pointer over, focus, a press — so that the
 * dashboard's first load goes without it (DESIGN §10). The real button then takes this one's place and its
 * focus, and a press that came before the code is replayed on it, so that Radix opens the menu as it would
 * have: from the keyboard with the first item focused.
 */
import type { TUser } from '@sewablast/contract/users';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { onDemand } from '../../lib/on-demand.ts';
import type { UserDropdownProps } from './user-dropdown.tsx';
import { TRIGGER_CLASS, TriggerFace } from './user-menu-trigger.tsx';

type Dropdown = ComponentType<UserDropdownProps>;

const dropdown = onDemand<Dropdown>(async () => (await import('./user-dropdown.tsx')).UserDropdown);

/** The keys with which Radix's trigger opens its menu. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

type Press = { key: string } | { pointerType: string };

export function UserMenu({ user }: { user: TUser }) {
  const [Dropdown, setDropdown] = useState<Dropdown | null>(() => dropdown.loaded ?? null);
  const standIn = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  /** What the real trigger takes over when it arrives: the focus, and a press that came before it. */
  const handover = useRef<{ focus: boolean; press: Press | null }>({ focus: false, press: null });

  const load = () => {
    dropdown.load().then(
      (loaded) => {
        handover.current.focus ||= document.activeElement === standIn.current;
        setDropdown(() => loaded);
      },
      () => {},
    );
  };

  useEffect(() => {
    const button = trigger.current;
    const { focus, press } = handover.current;
    if (!Dropdown || !button) return;
    handover.current = { focus: false, press: null };
    if (focus || press) button.focus();
    if (press && 'key' in press) {
      button.dispatchEvent(new KeyboardEvent('keydown', { key: press.key, bubbles: true, cancelable: true }));
    } else if (press) {
      const { pointerType } = press;
      button.dispatchEvent(
        new PointerEvent('pointerdown', { button: 0, pointerType, isPrimary: true, bubbles: true, cancelable: true }),
      );
    }
  }, [Dropdown]);

  if (Dropdown) return <Dropdown user={user} triggerRef={trigger} />;
  return (
    <button
      ref={standIn}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-testid="user-menu"
      className={TRIGGER_CLASS}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        handover.current.press = { pointerType: event.pointerType };
        load();
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        handover.current.press = { key: event.key };
        load();
      }}
    >
      <TriggerFace user={user} />
    </button>
  );
}
