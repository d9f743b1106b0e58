/**
 * The user dropdown of the header (spec part 1 §2): name, email, profile links and Sign out. Opened from the
 * header's button (user-menu.tsx), which loads it when first reached for: Radix's menu, beside that button.
 */
import type { TUser } from '@sewablast/contract/users';
import { LogOut, Pencil, UserRound } from 'lucide-react';
import { Menu } from 'radix-ui/internal';
import { useNavigate } from 'react-router';
import type { PopupControl } from '../../components/popup-on-demand.tsx';
import { signOutHere } from '../../lib/sign-out.ts';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

export interface UserDropdownProps {
  user: TUser;
  /** The id of the button that names the menu. */
  labelledBy: string;
}

export function UserDropdown({
  user,
  labelledBy,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onEntryFocus,
  anchor,
}: UserDropdownProps & PopupControl) {
  const navigate = useNavigate();
  return (
    <Menu.Root open={open} onOpenChange={onOpenChange}>
      <Menu.Anchor virtualRef={anchor} />
      <Menu.Portal>
        <Menu.Content
          aria-labelledby={labelledBy}
          align="end"
          sideOffset={10}
          loop
          onCloseAutoFocus={onCloseAutoFocus}
          onEntryFocus={onEntryFocus}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="px-3 py-2" data-testid="user-menu-identity">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">
              {user.firstname} {user.lastname}
            </p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={user.email}>
              {user.email}
            </p>
          </div>
          <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <Menu.Item className={itemClass} onSelect={() => navigate('/profile?edit=true')}>
            <Pencil size={18} /> Edit profile
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate('/profile')}>
            <UserRound size={18} /> User Profile
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <Menu.Item
            className={itemClass}
            onSelect={() => {
              signOutHere();
              navigate('/signin', { replace: true });
            }}
          >
            <LogOut size={18} /> Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
