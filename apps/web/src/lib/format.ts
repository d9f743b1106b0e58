/** Indonesian rupiah with no decimals, numbers and dates as the dashboard shows them. */
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('id-ID');
const dateTime = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat('id-ID', { dateStyle: 'short', timeStyle: 'medium' });
const compact = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
// A day key names a calendar date, not an instant: read and shown in UTC so that no zone moves it.
const dayShort = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLong = new Intl.DateTimeFormat('id-ID', { dateStyle: 'full', timeZone: 'UTC' });

export const formatRupiah = (value: number) => rupiah.format(value);
export const formatNumber = (value: number) => number.format(value);
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '-');
/** To the second, for event logs such as the realtime monitor. */
export const formatDateTimeSeconds = (iso: string) => dateTimeSeconds.format(new Date(iso));
/** Short figures for a chart's axis: 1,5 jt, 250 rb. */
export const formatCompact = (value: number) => compact.format(value);
/** A `YYYY-MM-DD` day key as '24 Nov' (axis) or 'Selasa, 24 November 2026' (tooltips, tables). */
export const formatDay = (day: string, long = false) =>
  (long ? dayLong : dayShort).format(new Date(`${day}T00:00:00Z`));
