/** Indonesian rupiah with no decimals, numbers and dates as the dashboard shows them. */
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('id-ID');
const dateTime = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });

export const formatRupiah = (value: number) => rupiah.format(value);
export const formatNumber = (value: number) => number.format(value);
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '-');
