/**
 * Withdrawals' statuses and texts, apart from the schemas in withdraw.ts so that the withdraw queue loads no
 * zod (DESIGN §10).
 */
/** The smallest amount a member may take out, in rupiah (spec part 2 §9). */
export const WITHDRAW_MIN = 10_000;

export const WITHDRAW_STATUSES = ['requested', 'accepted', 'rejected'] as const;
export type TWithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** Texts word for word from the spec where it gives them; the rest are ours, in the spec's language. */
export const WITHDRAW_TEXT = {
  minimum: 'Minimal permintaan penarikan adalah Rp 10.000',
  accepted: 'Permintaan withdraw Diterima',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
  failedTitle: 'Gagal',
  requestFailed: 'Request failed',
  requestWithdrawFailed: 'Request withdraw failed',
  updateWithdrawFailed: 'Update withdraw failed',
  requested: 'Permintaan withdraw berhasil dikirim.',
  bankDetailsMissing: 'Lengkapi data bank (bank, nomor rekening dan nama rekening) di profil sebelum menarik saldo.',
  overBalance: 'Saldo tidak mencukupi untuk permintaan ini.',
  cancelOverBalance: 'Saldo member tidak lagi mencukupi: penolakan ini tidak dapat dibatalkan.',
  badTransition: 'Status withdraw ini tidak dapat diubah ke status tersebut. Batalkan terlebih dahulu.',
  notFound: 'Permintaan withdraw tidak ditemukan.',
  idempotencyKeyTooLong: 'Idempotency-Key terlalu panjang.',
} as const;

/** The success text of each decision (spec part 2 §4), by the status it leads to. */
export const WITHDRAW_DECISION_TEXT: Record<TWithdrawStatus, string> = {
  accepted: WITHDRAW_TEXT.accepted,
  rejected: WITHDRAW_TEXT.rejected,
  requested: WITHDRAW_TEXT.cancelled,
};
