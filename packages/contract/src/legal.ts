/**
 * The terms and the privacy policy that sign-up links to, public at /terms and /privacy-policy. An admin
 * writes them in the settings; while a setting is empty, the default text here is shown. Plain text:
 * paragraphs are separated by a blank line.
 */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './legal-calls.ts';
import { LEGAL_TITLES, type TLegalKind } from './legal-text.ts';

export const DEFAULT_TERMS = `Syarat dan Ketentuan ini berlaku bagi setiap pengguna Sewablast, layanan sewa akun WhatsApp untuk pengiriman pesan blast. Dengan mendaftar, Anda menyetujui seluruh ketentuan di bawah ini.

1. Layanan. Member menyewakan akun WhatsApp miliknya kepada Sewablast dengan menautkannya lewat kode QR atau kode pairing. Selama tertaut, Sewablast mengirim pesan template melalui akun tersebut ke daftar nomor yang dikelola admin. Member tetap pemilik akun dan dapat melepas tautan kapan saja.

2. Akun dan pendaftaran. Setiap orang hanya boleh memiliki satu akun member dengan data yang benar. Anda bertanggung jawab menjaga kerahasiaan password. Akun yang memakai data palsu atau disalahgunakan dapat dinonaktifkan.

3. Imbalan. Member mendapat imbalan untuk setiap pesan yang berhasil terkirim, sesuai harga per blast atau level member yang berlaku saat pesan dikirim. Pesan yang gagal tidak dibayar. Bonus dan komisi referal diberikan sesuai ketentuan yang ditampilkan di dashboard. Sewablast dapat mengubah tarif; perubahan berlaku untuk pengiriman berikutnya.

4. Risiko akun. Pengiriman pesan massal dapat membuat WhatsApp membatasi atau memblokir akun. Dengan menyewakan akun, Anda memahami dan menerima risiko tersebut. Sewablast tidak bertanggung jawab atas pembatasan, pemblokiran, atau kehilangan akun, dan tidak memberi ganti rugi atasnya. Jangan menautkan akun yang Anda perlukan untuk keperluan penting.

5. Penarikan saldo. Saldo dapat ditarik ke rekening bank yang tercantum di profil Anda dengan jumlah minimal yang ditentukan. Permintaan penarikan diperiksa oleh staf dan dapat diterima, ditolak, atau dibatalkan; saldo yang ditolak dikembalikan. Pastikan data rekening benar: transfer ke rekening yang salah karena data yang Anda isi menjadi tanggung jawab Anda.

6. Larangan. Dilarang memanipulasi sistem, membuat akun ganda untuk komisi referal, atau mengganggu layanan. Pelanggaran dapat mengakibatkan penonaktifan akun dan pembatalan saldo yang diperoleh secara curang.

7. Perubahan dan penghentian. Sewablast dapat mengubah Syarat dan Ketentuan ini atau menghentikan layanan. Perubahan diumumkan di dashboard; dengan tetap memakai layanan, Anda menyetujui perubahan tersebut.

8. Kontak. Pertanyaan tentang Syarat dan Ketentuan ini dapat disampaikan kepada admin melalui kanal Telegram Sewablast yang tertera di dashboard.`;

export const DEFAULT_PRIVACY_POLICY = `Kebijakan Privasi ini menjelaskan data apa yang disimpan Sewablast, untuk apa data itu dipakai, dan hak Anda atasnya.

1. Data yang kami simpan. Nama, email, dan password Anda (hanya dalam bentuk hash, tidak dapat dibaca). Nomor WhatsApp yang Anda tautkan beserta data sesinya. Catatan pengiriman pesan dan penghasilan Anda. Data rekening bank (nama bank, nomor rekening, nama pemilik) untuk penarikan saldo. Waktu terakhir Anda aktif di dashboard.

2. Penggunaan data. Data dipakai untuk menjalankan layanan: menautkan dan mengirim pesan melalui akun WhatsApp Anda, menghitung imbalan, bonus, dan komisi referal, memproses penarikan saldo, serta menghubungi Anda tentang akun Anda, misalnya email reset password.

3. Siapa yang dapat melihat. Data Anda dapat dilihat oleh admin dan staf Sewablast sebatas yang diperlukan untuk mengelola member dan memproses penarikan. Member lain tidak dapat melihat data Anda. Kami tidak menjual data Anda kepada pihak lain.

4. Penyimpanan dan keamanan. Data disimpan di server Sewablast dan dilindungi dengan kontrol akses. Password disimpan sebagai hash. Tautan reset password hanya berlaku sekali dalam waktu terbatas.

5. Lama penyimpanan. Data disimpan selama akun Anda aktif. Catatan keuangan seperti penghasilan dan penarikan dapat disimpan lebih lama untuk keperluan pembukuan.

6. Hak Anda. Anda dapat melihat dan mengubah data profil dan rekening Anda di halaman profil, dan dapat meminta penghapusan akun kepada admin.

7. Kontak. Pertanyaan tentang Kebijakan Privasi ini dapat disampaikan kepada admin melalui kanal Telegram Sewablast yang tertera di dashboard.`;

export const DEFAULT_LEGAL_TEXT: Record<TLegalKind, string> = {
  terms: DEFAULT_TERMS,
  'privacy-policy': DEFAULT_PRIVACY_POLICY,
};

export const ZLegalDocument = z.object({ title: z.string(), text: z.string() });
export type TLegalDocument = z.infer<typeof ZLegalDocument>;

/** The setting's text, or the default when the admin left it empty. */
export function legalText(kind: TLegalKind, setting: string): string {
  return setting.trim() === '' ? DEFAULT_LEGAL_TEXT[kind] : setting;
}

const documentOf = (kind: TLegalKind) => ({
  summary: `The ${LEGAL_TITLES[kind]} shown at /${kind}`,
  response: { 200: ZLegalDocument },
});

/** What the server checks of each call in legal-calls.ts. */
export const LEGAL_SCHEMAS = schemasOf<typeof calls>()(['legal'], {
  terms: documentOf('terms'),
  privacyPolicy: documentOf('privacy-policy'),
});
