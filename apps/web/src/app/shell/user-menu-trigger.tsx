/** What the header's user menu button shows, the same before and after the menu's code has loaded (user-menu.tsx). */
import type { TUser } from '@sewablast/contract/users';
import { ChevronDown } from 'lucide-react';

export const TRIGGER_CLASS =
  'flex items-center gap-2.5 rounded-full p-1 pr-2 text-left outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 dark:hover:bg-slate-800';

export function TriggerFace({ user }: { user: TUser }) {
  const initials = `${user.firstname[0] ?? ''}${user.lastname[0] ?? ''}`.toUpperCase();
  return (
    <>
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
        {initials}
      </span>
      <span className="hidden text-sm font-medium text-slate-700 sm:block dark:text-slate-200">{user.firstname}</span>
      <ChevronDown size={16} className="hidden text-slate-500 sm:block" />
    </>
  );
}
