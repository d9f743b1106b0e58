/**
 * The header's user menu: its button, and the menu behind it (user-dropdown.tsx, most of the shell's Radix
 * code) loaded when the person reaches for it, the way every dialog loads (PopupOnDemand), so that the
 * dashboard's first load goes without it (DESIGN §10).
 */
import type { TUser } from '@sewablast/contract/users';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { type Popup, PopupOnDemand } from '../../components/popup-on-demand.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import type { UserDropdownProps } from './user-dropdown.tsx';

const dropdown = onDemand<Popup<UserDropdownProps>>(async () => (await import('./user-dropdown.tsx')).UserDropdown);

export function UserMenu({ user }: { user: TUser }) {
  const id = useId();
  const initials = `${user.firstname[0] ?? ''}${user.lastname[0] ?? ''}`.toUpperCase();
  return (
    <PopupOnDemand
      popup={dropdown}
      props={{ user, labelledBy: id }}
      kind="menu"
      trigger={(opens) => (
        <button
          type="button"
          id={id}
          data-testid="user-menu"
          className="flex items-center gap-2.5 rounded-full p-1 pr-2 text-left outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 dark:hover:bg-slate-800"
          {...opens}
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
            {initials}
          </span>
          <span className="hidden text-sm font-medium text-slate-700 sm:block dark:text-slate-200">
            {user.firstname}
          </span>
          <ChevronDown size={16} className="hidden text-slate-500 sm:block" />
        </button>
      )}
    />
  );
}
