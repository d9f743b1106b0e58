import { describe, expect, it } from 'vitest';
import { describeDevice, SESSION_TEXT } from './sessions-text.ts';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36', 'Chrome di Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge di Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      'Chrome di Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari di iOS',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox di macOS'],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['', SESSION_TEXT.unknownDevice],
  ])('names %s as %s', (userAgent, name) => {
    expect(describeDevice(userAgent)).toBe(name);
  });
});
