/**
 * The audit log (issue 11 item 8; beyond the spec) and the finance export of accepted withdrawals: the
 * actions recorded, their Indonesian labels, the calls' shapes and the screen's texts (audit-text.ts).
 */
import { z } from 'zod';
import type * as calls from './audit-calls.ts';
import { schemasOf } from './call-schemas.ts';
import { withDayFilter, ZDayRange } from './days.ts';
import { pageOf, ZId, ZPageQuery } from './paging.ts';
import { WITHDRAW_STATUS_LABEL } from './withdraw-text.ts';

/** Every back-office action that moves money or power; each is written with the change it records. */
export const AUDIT_ACTIONS = [
  'withdraw.accepted',
  'withdraw.rejected',
  'withdraw.cancelled',
  'withdraw.payout_cancelled',
  'bonus.created',
  'bonus.deleted',
  'user.role_changed',
  'user.interval_changed',
  'user.temporary_password',
  'user.bank_changed',
  'user.email_changed',
  'user.two_factor_reset',
  'user.email_confirmed',
  'user.recovery_codes_regenerated',
  'setting.updated',
  'level.created',
  'level.updated',
  'level.deleted',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Record<TAuditAction, string> = {
  'withdraw.accepted': 'Withdraw diterima',
  'withdraw.rejected': 'Withdraw ditolak',
  'withdraw.cancelled': 'Withdraw dibatalkan',
  'withdraw.payout_cancelled': 'Pembayaran withdraw dibatalkan',
  'bonus.created': 'Bonus diberikan',
  'bonus.deleted': 'Bonus dihapus',
  'user.role_changed': 'Role diubah',
  'user.interval_changed': 'Interval blast diubah',
  'user.temporary_password': 'Password sementara dibuat',
  'user.bank_changed': 'Rekening bank diubah',
  'user.email_changed': 'Email diubah',
  'user.two_factor_reset': 'Verifikasi dua langkah direset',
  'user.email_confirmed': 'Email dikonfirmasi',
  'user.recovery_codes_regenerated': 'Kode pemulihan dibuat ulang',
  'setting.updated': 'Pengaturan diubah',
  'level.created': 'Level dibuat',
  'level.updated': 'Level diubah',
  'level.deleted': 'Level dihapus',
};

/** How the screen names the fields a change shows; a field not listed shows by its own name. */
export const AUDIT_FIELD_LABEL: Record<string, string> = {
  status: 'Status',
  nominal: 'Jumlah',
  reason: 'Alasan',
  role: 'Role',
  must_change_password: 'Wajib ganti password',
  blast_interval_min: 'Interval min',
  blast_interval_max: 'Interval max',
  interval_min: 'Interval min',
  interval_max: 'Interval max',
  price: 'Harga',
  bank_names: 'Daftar bank',
  colors: 'Warna',
  referral_percent: 'Persen referal',
  info: 'Info',
  terms: 'Syarat & Ketentuan',
  privacy_policy: 'Kebijakan Privasi',
  name: 'Nama',
  blast_fee: 'Harga per blast',
  requirement_blast: 'Minimal blast',
  account_bank: 'Bank',
  account_number: 'Nomor rekening',
  account_name: 'Nama rekening',
  email: 'Email',
  email_confirmed: 'Email terkonfirmasi',
  via: 'Melalui',
  recovery_codes_left: 'Kode pemulihan tersisa',
};

/** Values the screen names in words, by the target's table and field: a withdrawal's status as every screen says it. */
const AUDIT_VALUE_LABEL: Record<string, Record<string, Record<string, string>>> = {
  withdrawals: { status: WITHDRAW_STATUS_LABEL },
};

/** A change's value as the screen words it: its label when it has one, else the value itself. */
export function auditValueLabel(table: string, field: string, value: string): string {
  return AUDIT_VALUE_LABEL[table]?.[field]?.[value] ?? value;
}

/** The readable target of an entry (the list's `summary`); amounts and names come formatted. */
export const auditTarget = {
  withdrawals: (id: number, member: string, amount: string) => `Withdraw #${id} · ${member} · ${amount}`,
  bonuses: (id: number, member: string, amount: string) => `Bonus #${id} · ${member} · ${amount}`,
  users: (id: number, member: string) => `Member ${member} (#${id})`,
  levels: (id: number, name: string) => `Level ${name} (#${id})`,
};

export const ZAuditQuery = withDayFilter({
  ...ZPageQuery.omit({ search: true }).shape,
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor_id: ZId.optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** A field's value as the log keeps it: the row's own scalar, or null when the row had none. */
const ZAuditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZAuditChange = z.object({ field: z.string(), before: ZAuditValue, after: ZAuditValue });
export type TAuditChange = z.infer<typeof ZAuditChange>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Null when the actor's account was deleted, or the change was made by the system. */
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetTable: z.string(),
  targetId: z.number().int().nullable(),
  /** The target in words: 'Withdraw #12 · Budi Santoso · Rp 50.000'. */
  summary: z.string(),
  /** The fields whose value differs between before and after (every field for a create or a delete). */
  changes: z.array(ZAuditChange),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = pageOf(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The finance export: accepted withdrawals decided in [from, to], whole days in the business time zone. */
export const ZAcceptedExportQuery = ZDayRange;
export type TAcceptedExportQuery = z.infer<typeof ZAcceptedExportQuery>;

export const ACCEPTED_EXPORT_HEADER = [
  'member',
  'bank',
  'account_number',
  'account_name',
  'amount',
  'decided_at',
  /** WITHDRAW_EXPORT_STATUS; for a payout taken back within the period, `decided_at` is when it was. */
  'status',
  'note',
] as const;

/** The export's `status` column: a payout, or a payout taken back (its `note` then says why). */
export const WITHDRAW_EXPORT_STATUS = { accepted: 'accepted', payoutCancelled: 'payout_cancelled' } as const;

export const acceptedExportFileName = (query: TAcceptedExportQuery) =>
  `withdraw-accepted-${query.from}-${query.to}.csv`;

/** What the server checks of each call in audit-calls.ts. */
export const AUDIT_SCHEMAS = schemasOf<typeof calls>()(['audit'], {
  page: {
    summary: 'Audit entries, newest first, by action, actor and business days (from, to: YYYY-MM-DD)',
    querystring: ZAuditQuery,
    response: { 200: ZAuditPage },
  },
});
