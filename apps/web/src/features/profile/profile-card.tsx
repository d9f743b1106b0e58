/**
 * The profile card (spec part 2 §2 Profile): name, role, level badge, referral code and 'Copy Link Referral',
 * which copies the sign-up link that fills 'Kode Referal' for whoever opens it.
 */
import { PROFILE_TEXT } from '@sewablast/contract/profile';
import type { TUserDetailResponse } from '@sewablast/contract/users';
import { Copy, Pencil } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import { LevelBadge } from '../../components/level-badge.tsx';
import { Card } from '../../components/page-header.tsx';
import { referralLink } from '../../lib/referral.ts';
import { toast } from '../../lib/toast.ts';

async function copyReferralLink(code: string) {
  try {
    // Missing outside a secure context, refused without permission: either way the copy failed.
    await navigator.clipboard.writeText(referralLink(code));
    toast.success(PROFILE_TEXT.copied);
  } catch {
    toast.error(PROFILE_TEXT.copyFailed);
  }
}

export function ProfileCard({ detail, onEdit }: { detail: TUserDetailResponse; onEdit: () => void }) {
  const { user, level, color } = detail;
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || '?';
  return (
    <Card className="flex flex-col items-center p-6 text-center">
      <span
        aria-hidden
        className="flex size-20 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white"
      >
        {initials}
      </span>
      <h2 className="mt-4 text-xl font-semibold break-words text-slate-900 dark:text-white" data-testid="profile-name">
        {user.firstname} {user.lastname}
      </h2>
      <p className="mt-1 text-sm text-slate-600 capitalize dark:text-slate-400">{user.role}</p>
      <div className="mt-3">
        <LevelBadge level={level} color={color} />
      </div>
      <div className="mt-5 w-full rounded-lg border border-dashed border-slate-300 px-4 py-3 dark:border-slate-700">
        <p className="text-xs text-slate-600 dark:text-slate-400">{PROFILE_TEXT.referralCode}</p>
        <p className="mt-1 font-mono text-lg font-semibold tracking-widest text-slate-900 dark:text-white">
          {user.referral_code}
        </p>
      </div>
      <div className="mt-5 flex w-full flex-col gap-3">
        <Button onClick={() => copyReferralLink(user.referral_code)}>
          <Copy size={16} aria-hidden /> {PROFILE_TEXT.copyLink}
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          <Pencil size={16} aria-hidden /> {PROFILE_TEXT.edit}
        </Button>
      </div>
    </Card>
  );
}
