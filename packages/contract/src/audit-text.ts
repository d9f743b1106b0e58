/**
 * The audit screen's and the finance export's texts, apart from the schemas in audit.ts so that the withdraw
 * queue, which shows the export's button, loads no zod (DESIGN §10).
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
  exportButton: 'Ekspor CSV',
  exportTitle: 'Ekspor withdraw diterima',
  exportHint: 'Withdraw yang diterima dalam periode ini, dengan data bank saat permintaan dibuat.',
  exportFailed: 'Ekspor CSV gagal.',
  exportDone: 'File CSV diunduh.',
} as const;
