/**
 * On start, a `referral` query parameter is kept as `referral_code` in localStorage and taken out of the
 * address without a reload (spec part 1 §2), so that a shared sign-up link survives browsing around.
 */
import { STORAGE } from '@sewablast/contract/cookies';

export function captureReferral(): void {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('referral')?.trim();
  if (!code) return;
  try {
    localStorage.setItem(STORAGE.referralCode, code);
  } catch {
    return;
  }
  url.searchParams.delete('referral');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The sign-up link 'Copy Link Referral' shares: opened, it fills 'Kode Referal' through captureReferral. */
export function referralLink(code: string, origin = window.location.origin): string {
  const url = new URL('/signup', origin);
  url.searchParams.set('referral', code);
  return url.toString();
}

export function storedReferral(): string {
  try {
    return localStorage.getItem(STORAGE.referralCode) ?? '';
  } catch {
    return '';
  }
}

/** A code sign-up refused is dropped, so that it does not prefill every later sign-up in this browser. */
export function forgetReferral(code: string): void {
  try {
    if (localStorage.getItem(STORAGE.referralCode)?.trim() === code.trim()) {
      localStorage.removeItem(STORAGE.referralCode);
    }
  } catch {
    // Storage blocked: nothing was kept either.
  }
}
