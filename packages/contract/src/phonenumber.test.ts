import { describe, expect, it } from 'vitest';
import { phoneDigits, senderNumber, withCountryCode } from './phonenumber.ts';

describe('a leading 0 as 62', () => {
  it('turns the local form into the international one and leaves others alone', () => {
    expect(withCountryCode('0812')).toBe('62812');
    expect(withCountryCode('62812')).toBe('62812');
    expect(withCountryCode('')).toBe('');
  });

  it('reads a search term as the start of a number, or not a number at all', () => {
    expect(phoneDigits('0857-0000')).toBe('628570000');
    expect(phoneDigits(' +62 857 ')).toBe('62857');
    expect(phoneDigits('0')).toBe('62');
    expect(phoneDigits('Cari 1')).toBeNull();
    expect(phoneDigits('')).toBeNull();
  });

  it('reads a WhatsApp sender as stored digits', () => {
    expect(senderNumber('6281234567890:12@s.whatsapp.net')).toBe('6281234567890');
    expect(senderNumber('0812-3456-7890')).toBe('6281234567890');
  });
});
