/**
 * /profile for every role (spec part 2 §2 Profile, §8): the card and the personal information from the
 * user's own record, 'Error: ...' in place of the page when it cannot be read, and the edit modal, open
 * while the address carries `edit=true` or `edit=1`.
 */
import { PROFILE_TEXT, profileErrorText } from '@sewablast/contract/profile';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { useProfile } from './api/profile.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { PersonalInfo } from './personal-info.tsx';
import { ProfileCard } from './profile-card.tsx';
import { ProfileEmailStatus } from './profile-email-status.tsx';
import { RememberedDevicesCard } from './remembered-devices-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

const EDIT_VALUES = ['true', '1'];

function Profile({ userId }: { userId: number }) {
  const profile = useProfile(userId);
  const [params, setParams] = useSearchParams();
  const editing = EDIT_VALUES.includes(params.get('edit') ?? '');
  const setEditing = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('edit', 'true');
        else next.delete('edit');
        return next;
      },
      { replace: true },
    );

  if (profile.isPending) {
    return (
      <div className="py-16 text-center text-brand-600">
        <Spinner size={28} />
      </div>
    );
  }
  if (profile.error) return <Alert tone="error">{profileErrorText(profile.error.message)}</Alert>;
  return (
    <>
      <PageHeader title={PROFILE_TEXT.title} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <ProfileCard detail={profile.data} onEdit={() => setEditing(true)} />
        <div className="lg:col-span-2">
          <PersonalInfo detail={profile.data} />
          <ProfileEmailStatus email={profile.data.user.email} />
          <TwoFactorCard />
          <RememberedDevicesCard />
          <SessionsCard />
        </div>
      </div>
      <EditProfileDialog open={editing} user={profile.data.user} onClose={() => setEditing(false)} />
    </>
  );
}

export function Component() {
  const { user } = useSession();
  return user ? <Profile userId={user.id} /> : null;
}
