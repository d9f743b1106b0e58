/** Bonus texts, apart from the schemas in bonus.ts so that bonus-calls.ts loads no zod. */
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
