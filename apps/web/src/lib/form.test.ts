import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { refusalOf } from './form.ts';

describe('refusalOf', () => {
  const known = ['number', 'name', 'button'];

  it('puts each refused field under its field and says a repeated msg once', () => {
    const error = new ApiError(409, 'Nomor sudah terdaftar.', { number: 'Nomor sudah terdaftar.' });
    expect(refusalOf(error, known)).toEqual({ fields: { number: 'Nomor sudah terdaftar.' }, message: '' });
  });

  it('keeps a msg of its own as the form message', () => {
    const error = new ApiError(400, 'Data tidak valid.', { name: 'Nama wajib diisi.' });
    expect(refusalOf(error, known)).toEqual({ fields: { name: 'Nama wajib diisi.' }, message: 'Data tidak valid.' });
  });

  it('shows a field the form does not have as the form message', () => {
    const error = new ApiError(400, 'Status harus active atau nonactive.', {
      status: 'Status harus active atau nonactive.',
    });
    expect(refusalOf(error, known)).toEqual({ fields: {}, message: 'Status harus active atau nonactive.' });
  });

  it('follows an alias and a nested path to the form field', () => {
    const error = new ApiError(400, 'x', { referral_code: 'Kode referal tidak ditemukan.', 'button.0.url': 'URL!' });
    expect(refusalOf(error, ['affiliateCode', 'button'], { aliases: { referral_code: 'affiliateCode' } })).toEqual({
      fields: { affiliateCode: 'Kode referal tidak ditemukan.', button: 'URL!' },
      message: 'x',
    });
  });

  it('uses the fallback for a failure with no message', () => {
    expect(refusalOf(new Error(''), known, { fallback: 'Error signing in' }).message).toBe('Error signing in');
    expect(refusalOf('boom', known, { fallback: 'Gagal.' })).toEqual({ fields: {}, message: 'Gagal.' });
  });
});
