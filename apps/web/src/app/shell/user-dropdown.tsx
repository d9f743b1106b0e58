/**
 * The user dropdown of the header (spec part 1 §2): name, email, profile links and Sign out. Loaded when first
 * reached for (user-menu.tsx).
 */
import type { TUser } from '@sewablast/contract/users';
import { LogOut, Pencil, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Ref } from 'react';
import { useNavigate } from 'react-router';
import { signOutHere } from '../../lib/sign-out.ts';
import { TRIGGER_CLASS, TriggerFace } from './user-menu-trigger.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

export interface UserDropdownProps {
  user: TUser;
  triggerRef: Ref<HTMLButtonElement>;
}

export function UserDropdown({ user, triggerRef }: UserDropdownProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={triggerRef} data-testid="user-menu" className={TRIGGER_CLASS}>
        <TriggerFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
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
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/profile?edit=true')}>
            <Pencil size={18} /> Edit profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/profile')}>
            <UserRound size={18} /> User Profile
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              signOutHere();
              navigate('/signin', { replace: true });
            }}
          >
            <LogOut size={18} /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
