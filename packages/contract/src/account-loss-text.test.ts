/** How the lost-account screens word event kinds and variants: a kind they do not know shows by its name. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOSS_TEXT, accountEventLabel, seriesLabel } from './account-loss-text.ts';

describe('the lost-account texts', () => {
  it('names known event kinds and series in Indonesian, and unknown ones by their own name', () => {
    expect(accountEventLabel('suspended')).toBe('Diblokir (suspend)');
    expect(accountEventLabel('health_paused')).toBe('Dijeda (kesehatan)');
    expect(accountEventLabel('a_newer_kind')).toBe('a_newer_kind');
    expect(seriesLabel('sends')).toBe('Pesan terkirim per jam');
    expect(seriesLabel('reads')).toBe('reads');
    expect(ACCOUNT_LOSS_TEXT.levelCaption(82, 82)).toBe('akhir 82 · terendah 82');
  });

  it('words a variant key by caption and choices, counted from 1', () => {
    expect(ACCOUNT_LOSS_TEXT.variantOf(4, '1:0.2')).toBe('Template #4 · caption 2 · pilihan 1.3');
    expect(ACCOUNT_LOSS_TEXT.variantOf(4, '0:')).toBe('Template #4 · caption 1');
    expect(ACCOUNT_LOSS_TEXT.variantOf(4, null)).toBe('Template #4 · tanpa varian');
  });
});
