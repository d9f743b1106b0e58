/** The dev monitors' texts, apart from the schemas in monitor.ts so that monitor-calls.ts loads no zod. */
export const MONITOR_TEXT = {
  titles: {
    local: 'Monitor Local',
    remote: 'Monitor Remote',
    socket: 'Monitor Socket',
    realtime: 'Monitor Realtime',
  },
  idLabel: 'ID',
  idPlaceholder: 'Device ID atau Client ID',
  show: 'Tampilkan',
  modeLabel: 'Tampilan',
  refresh: 'Muat ulang',
  clear: 'Bersihkan',
  idMissing: 'Masukkan ID perangkat atau client untuk melihat datanya.',
  fetchFailed: 'Error fetching monitor data',
  /** Server answers. */
  unknownDevice: 'Perangkat tidak ditemukan.',
  notHeld: 'Tidak ada worker yang memegang perangkat ini sekarang.',
  unknownChannel: 'Tidak ada perangkat atau channel dengan ID ini.',
  /** The realtime monitor. */
  waiting: (id: string) => `Menunggu event untuk ${id}...`,
  linesKept: (max: number) => `Menampilkan ${max} baris terakhir.`,
  columns: {
    date: 'date',
    event: 'event',
    state: 'state',
    status: 'status',
    times: 'times',
    seconds: 'seconds',
    number: 'number',
  },
} as const;
