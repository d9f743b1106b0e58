import { describe, expect, it } from 'vitest';
import { htmlToWhatsApp, sanitizeCaption } from './html.ts';

describe('sanitizeCaption', () => {
  it('strips scripts, event handlers and dangerous links but keeps formatting', () => {
    const html =
      '<p onclick="x()">Halo <strong>{name}</strong><script>alert(1)</script><img src=x onerror="alert(1)"></p>' +
      '<a href="javascript:alert(1)">klik</a> <a href="https://ok.test">ok</a><iframe src="https://evil"></iframe>';
    const clean = sanitizeCaption(html);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i);
    expect(clean).toContain('<strong>{name}</strong>');
    expect(clean).toContain('<a href="https://ok.test" rel="noopener noreferrer" target="_blank">ok</a>');
  });
});

describe('htmlToWhatsApp', () => {
  it.each([
    ['<p>Halo <strong>Budi</strong></p>', 'Halo *Budi*'],
    ['<p><em>miring</em> <s>coret</s> <code>kode</code></p>', '_miring_ ~coret~ ```kode```'],
    ['<p>baris 1<br>baris 2</p><p>paragraf</p>', 'baris 1\nbaris 2\nparagraf'],
    ['<p><strong>tebal </strong>lanjut</p>', '*tebal* lanjut'],
    ['<ul><li>satu</li><li>dua</li></ul><ol><li>a</li><li>b</li></ol>', '- satu\n- dua\n1. a\n2. b'],
    ['<p>5 &lt; 6 &amp; {phoneNumber}</p>', '5 < 6 & {phoneNumber}'],
    ['<p><strong><em>dua</em></strong></p>', '*_dua_*'],
    ['<p><strong> </strong></p>', ''],
  ])('%s → %j', (html, expected) => {
    expect(htmlToWhatsApp(html)).toBe(expected);
  });
});
