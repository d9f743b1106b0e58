/**
 * 'Daftar Referal' (/referral; spec part 2 §2 Referral): a member sees their own referees; admins and devs,
 * who have the page in their menus, see every referral of the service.
 */
import { useSession } from '../../lib/session.ts';
import { MemberReferrals } from './member-referrals.tsx';
import { ServiceReferrals } from './service-referrals.tsx';

export function Component() {
  const { user } = useSession();
  if (!user) return null;
  return user.role === 'member' ? <MemberReferrals userId={user.id} /> : <ServiceReferrals />;
}
