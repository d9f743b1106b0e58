/** The referral screens' texts, apart from the schemas in referral.ts so that referral-calls.ts loads no zod. */
export const REFERRAL_TEXT = {
  fetchFailed: 'Error fetching Referral list',
  title: 'Daftar Referal',
  search: 'Cari member atau perujuk',
  referee: 'Member',
  referrer: 'Direferensikan oleh',
  joined: 'Bergabung',
  share: 'Bagi Hasil',
} as const;

/** 'Total : {amount}', the member's title on 'Daftar Referal'; `amount` already formatted. */
export const referralTotalText = (amount: string) => `Total : ${amount}`;
