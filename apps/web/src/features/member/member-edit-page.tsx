/**
 * 'Edit Member' (/member/edit?id=; spec part 2 §2 Member edit): 'Loading...' while the member loads, 'No User
 * Found' when the address names nobody, 'Error: ...' when the read fails, then the member's sections, each a
 * card of its own so that more can join without touching the others.
 */
import { MEMBER_TEXT } from '@sewablast/contract/members';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { useMember } from './api/members.ts';
import { IntervalSection } from './interval-section.tsx';
import { TemporaryPasswordSection } from './temporary-password-section.tsx';
import { TwoFactorResetSection } from './two-factor-reset-section.tsx';

function idOf(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function Component() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const member = useMember(id);
  const user = member.data?.user;
  const missing = id === null || (member.error instanceof ApiError && member.error.status === 404);
  return (
    <>
      <PageHeader title={MEMBER_TEXT.editTitle}>
        {user && `${user.firstname} ${user.lastname} · ${user.email}`}
      </PageHeader>
      {missing ? (
        <Alert tone="error">{MEMBER_TEXT.noUser}</Alert>
      ) : member.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {MEMBER_TEXT.loading}
        </p>
      ) : member.error ? (
        <Alert tone="error">
          {MEMBER_TEXT.errorPrefix}
          {member.error.message}
        </Alert>
      ) : (
        user && (
          <div className="space-y-6">
            <IntervalSection user={user} />
            <TemporaryPasswordSection userId={user.id} />
            <TwoFactorResetSection user={user} />
          </div>
        )
      )}
    </>
  );
}
