/** The proxies' texts, apart from the schemas in proxy.ts so that proxy-calls.ts loads no zod (DESIGN §10). */
export const PROXY_TEXT = {
  valueRequired: 'Proxy wajib diisi.',
  invalid: 'Proxy harus berformat host:port, user:pass@host:port, atau URL http://, https://, socks5://.',
  taken: 'Proxy sudah terdaftar.',
  duplicateInFile: 'Proxy ganda di dalam file.',
  badFile: 'File harus berupa CSV atau Excel .xlsx (satu proxy per baris) atau JSON berisi daftar proxy.',
  fileRequired: 'Pilih file .csv, .xlsx atau .json terlebih dahulu.',
  importHint: 'CSV atau Excel .xlsx (lembar pertama) satu proxy per baris, atau JSON berisi daftar proxy.',
  nothingToExport: 'No proxies to export.',
  skippedUnavailable: 'Daftar proxy yang dilewati tidak dapat diunduh.',
  /** The edit's status box for a quarantined proxy: ticking it puts the proxy back into the pool. */
  quarantined: 'Aktif (karantina: akun terakhirnya diblokir WhatsApp; centang setelah proxy diperiksa)',
} as const;
