import { describe, expect, it } from 'vitest';
import { safeFileName, sniffMedia } from './media-sniff.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value)] : [value])));

describe('sniffMedia', () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    [bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    [bytes('GIF89a', 1), 'image/gif'],
    [bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    [bytes('%PDF-1.7'), 'application/pdf'],
    [bytes(0, 0, 0, 0x18, 'ftypmp42'), 'video/mp4'],
    [bytes('OggS', 0), 'audio/ogg'],
    [bytes('ID3', 4), 'audio/mpeg'],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
  ])('recognises %s as %s', (input, mime) => {
    expect(sniffMedia(input)).toBe(mime);
  });

  it('refuses what is not media, whatever its name', () => {
    expect(sniffMedia(bytes('MZ', 0x90, 0))).toBeNull();
    expect(sniffMedia(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffMedia(bytes('#!/bin/sh\nrm -rf /'))).toBeNull();
  });
});

describe('safeFileName', () => {
  it('keeps only a clean base name and the real extension', () => {
    expect(safeFileName('../../etc/passwd.png', 'image/png')).toBe('passwd.png');
    expect(safeFileName('C:\\Users\\a\\promo "x".exe', 'image/jpeg')).toBe('promo x.jpg');
    expect(safeFileName(undefined, 'application/pdf')).toBe('media.pdf');
  });
});
