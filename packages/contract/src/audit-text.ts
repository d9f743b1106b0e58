/**
 * The audit screen's texts, apart from the schemas in audit.ts so that the screen's first load has no zod
 * (DESIGN §10). The finance export's are withdraw-text.ts's EXPORT_TEXT: the withdraw queue shows its button.
 */
export const AUDIT_TEXT = {
  title: 'Log Audit',
  columns: { time: 'Waktu', actor: 'Oleh', action: 'Aksi', target: 'Target', changes: 'Perubahan' },
  allActions: 'Semua Aksi',
  filterAction: 'Filter Aksi',
  from: 'Dari tanggal',
  to: 'Sampai tanggal',
  system: 'Sistem',
  listFailed: 'Gagal memuat log audit.',
  badDate: 'Tanggal tidak valid (format YYYY-MM-DD).',
  badRange: 'Tanggal awal tidak boleh setelah tanggal akhir.',
  dayOutOfRange: (first: string, last: string) => `Tanggal harus antara ${first} dan ${last}.`,
  settings: 'Pengaturan',
} as const;
