/**
 * Withdrawals' statuses and texts, apart from the schemas in withdraw.ts so that the withdraw queue loads no
 * zod (DESIGN §10).
 */
/** The smallest amount a member may take out, in rupiah (spec part 2 §9). */
export const WITHDRAW_MIN = 10_000;

export const WITHDRAW_STATUSES = ['requested', 'accepted', 'rejected'] as const;
export type TWithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** A withdrawal's status as every screen names it: the queue's badges, the history, the audit log. */
export const WITHDRAW_STATUS_LABEL: Record<TWithdrawStatus, string> = {
  requested: 'Diminta',
  accepted: 'Diterima',
  rejected: 'Ditolak',
};

/** The balance card's lines (GET /admin/withdraw/summary): what the member earned and got, less what they took out. */
export const WITHDRAW_SUMMARY_TEXT = {
  balance: 'Saldo',
  blastIncome: 'Pendapatan Blast',
  referral: 'Bagi Hasil Referal',
  bonus: 'Bonus',
  requested: 'Total Diminta',
  accepted: 'Total Diterima',
} as const;

/** A payout's cancel reason, in characters: long enough to say what happened, short enough for an export cell. */
export const CANCEL_REASON_MIN = 5;
export const CANCEL_REASON_MAX = 500;

/** A withdrawal requested this soon after a bank account change is flagged on the staff queue. */
export const BANK_CHANGE_FLAG_HOURS = 24;

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
  cancelPaidManagersOnly:
    'Withdraw yang sudah diterima (sudah ditransfer) hanya dapat dibatalkan oleh admin atau dev, dengan alasan.',
  cancelReasonRequired: `Tulis alasan pembatalan: transfer tidak terjadi atau dikembalikan (${CANCEL_REASON_MIN}-${CANCEL_REASON_MAX} karakter).`,
  cancelReasonLabel: 'Alasan pembatalan',
  cancelReasonPlaceholder: 'Contoh: transfer gagal, dana dikembalikan bank',
  cancelPaidWarning:
    'Batalkan hanya bila transfer tidak terjadi atau dananya dikembalikan: bila nanti ditolak, saldo kembali ke member.',
  recentBankChange: 'Rekening baru',
  recentBankChangeNote: `Rekening diubah kurang dari ${BANK_CHANGE_FLAG_HOURS} jam sebelum permintaan ini: pastikan pemilik akun yang mengubahnya sebelum mentransfer.`,
  idempotencyKeyTooLong: 'Idempotency-Key terlalu panjang.',
  idempotencyKeyReused:
    'Idempotency-Key ini sudah dipakai untuk permintaan lain (alamat atau isi berbeda). Buat kunci baru untuk setiap permintaan.',
} as const;

/** A withdrawal whose payout was taken back, as its history row says it. */
export const payoutCancelledText = (reason: string) => `Pembayaran dibatalkan: ${reason}`;

/** The success text of each decision (spec part 2 §4), by the status it leads to. */
export const WITHDRAW_DECISION_TEXT: Record<TWithdrawStatus, string> = {
  accepted: WITHDRAW_TEXT.accepted,
  rejected: WITHDRAW_TEXT.rejected,
  requested: WITHDRAW_TEXT.cancelled,
};

/** The finance export of accepted withdrawals (audit-logged), whose button is on the withdraw queue. */
export const EXPORT_TEXT = {
  button: 'Ekspor CSV',
  title: 'Ekspor withdraw diterima',
  hint: 'Withdraw yang diterima dalam periode ini, dengan data bank saat permintaan dibuat.',
  failed: 'Ekspor CSV gagal.',
  done: 'File CSV diunduh.',
} as const;
