/** The profile's personal information (spec part 2 §2 Profile): who the user is and where their money goes. */
import { PROFILE_TEXT } from '@sewablast/contract/profile';
import type { TUserDetailResponse } from '@sewablast/contract/users';
import { Card } from '../../components/page-header.tsx';
import { formatDateTime } from '../../lib/format.ts';

const { labels } = PROFILE_TEXT;

export function PersonalInfo({ detail }: { detail: TUserDetailResponse }) {
  const { user, level } = detail;
  const lines: [string, string | null][] = [
    [labels.name, `${user.firstname} ${user.lastname}`],
    [labels.email, user.email],
    [labels.role, user.role],
    [labels.level, level],
    [labels.bank, user.account_bank],
    [labels.accountNumber, user.account_number],
    [labels.accountName, user.account_name],
    [labels.joined, formatDateTime(user.createdAt)],
  ];
  return (
    <Card>
      <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
        {PROFILE_TEXT.personalInfo}
      </h2>
      <dl className="grid gap-x-6 gap-y-5 p-6 sm:grid-cols-2" data-testid="personal-info">
        {lines.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 font-medium break-words text-slate-900 dark:text-slate-100">{value || '-'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
