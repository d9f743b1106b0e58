import { describe, expect, it } from 'vitest';
import { referralLink } from './referral.ts';

describe('referralLink', () => {
  it('points at sign-up with the code in the referral parameter captureReferral reads', () => {
    const link = new URL(referralLink('AB2CD3EF', 'https://sewa.example'));
    expect(`${link.origin}${link.pathname}`).toBe('https://sewa.example/signup');
    expect(link.searchParams.get('referral')).toBe('AB2CD3EF');
  });
});
