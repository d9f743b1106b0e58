/** Bonuses (spec part 2 §2 Bonus, §3, §5, §7): the calls' shapes and texts. */
import { z } from 'zod';
import { MONEY_MAX, wholeNumber } from './numbers.ts';
import { pageOf, ZId, ZPageQuery } from './paging.ts';

/** Texts word for word from the spec where it gives them; the rest are ours, in the spec's language. */
export const BONUS_TEXT = {
  successTitle: 'Berhasil',
  created: 'Bonus berhasil dikirim.',
  deleted: 'Bonus berhasil dihapus.',
  listed: 'Daftar bonus',
  fetchFailed: 'Error fetching Bonus list',
  nominal: 'Nominal bonus harus berupa angka bulat lebih dari 0.',
  reasonRequired: 'Alasan bonus wajib diisi.',
  memberNotFound: 'Member tidak ditemukan.',
  memberRequired: 'Pilih member penerima bonus.',
  listTitle: 'Daftar Bonus',
  createTitle: 'Kirim Bonus',
  nominalLabel: 'Nominal',
  reasonLabel: 'Alasan',
  send: 'Kirim',
  sending: 'Mengirim...',
  cancel: 'Batal',
  member: 'Member',
  date: 'Tanggal',
  action: 'Aksi',
  deleteLabel: 'Hapus',
  deleteTitle: 'Hapus bonus?',
  deleteQuestion: (amount: string, member: string) =>
    `Bonus ${amount} untuk ${member} akan ditarik kembali dari saldonya.`,
  notFound: 'Bonus tidak ditemukan.',
  deleteOverBalance:
    'Bonus tidak dapat dihapus: saldo member tidak lagi mencukupi (sebagian sudah ditarik atau sedang diminta ditarik).',
} as const;

/** 'Bonus : {amount}', the member's title on 'Daftar Bonus'; `amount` already formatted. */
export const bonusTotalText = (amount: string) => `Bonus : ${amount}`;

/** Amounts go up to a trillion rupiah, as withdrawals do. */
const ZBonusNominal = wholeNumber(1, MONEY_MAX, BONUS_TEXT.nominal);

/** The spec's client also sends `adminId`; it is dropped, as the giver is always the caller. */
export const ZBonusCreate = z.object({
  userId: ZId,
  nominal: ZBonusNominal,
  reason: z.string({ error: BONUS_TEXT.reasonRequired }).trim().min(1, { error: BONUS_TEXT.reasonRequired }).max(1000),
});
export type TBonusCreate = z.infer<typeof ZBonusCreate>;

const memberRequired = { error: BONUS_TEXT.memberRequired };
/** The /bonus/create form: the same body, with the picker's own message while no member is chosen. */
export const ZBonusForm = ZBonusCreate.extend({
  userId: z.number(memberRequired).int(memberRequired).min(1, memberRequired),
});

export const ZBonus = z.object({
  id: z.number().int(),
  nominal: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  userId: z.number().int(),
  adminId: z.number().int().nullable(),
  /** The member the bonus went to: the Member column of admins and devs. */
  User: z.object({ firstname: z.string(), lastname: z.string() }),
});
export type TBonus = z.infer<typeof ZBonus>;

export const ZBonusAnswer = z.object({ msg: z.string(), data: ZBonus });
export type TBonusAnswer = z.infer<typeof ZBonusAnswer>;

/** `search` matches the member's first or last name; `user_id` is one member (a member's own always). */
export const ZBonusPageQuery = ZPageQuery.extend({ user_id: ZId.optional() });
export type TBonusPageQuery = z.infer<typeof ZBonusPageQuery>;
export const ZBonusPage = pageOf(ZBonus).extend({ msg: z.string() });
export type TBonusPage = z.infer<typeof ZBonusPage>;
