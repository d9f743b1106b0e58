import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from './phonenumber.ts';
import { isValidProxy } from './proxy.ts';

describe('isValidProxy', () => {
  it.each([
    '127.0.0.1:8080',
    'proxy.example.com:3128',
    'user:pass@proxy.example.com:3128',
    'user:p%40ss@10.0.0.1:1080',
    'http://proxy.example.com:8080',
    'https://user:pass@proxy.example.com:443',
    'socks5://user:pass@proxy.example.com:1080',
    'socks5://127.0.0.1:9050/',
  ])('accepts %s', (value) => {
    expect(isValidProxy(value)).toBe(true);
  });

  it.each([
    '',
    'proxy.example.com',
    'proxy.example.com:0',
    'proxy.example.com:70000',
    'proxy.example.com:abc',
    'ftp://proxy.example.com:21',
    'http://proxy.example.com',
    'user@proxy.example.com:80',
    'bad host:80',
    '-bad-.com:80',
  ])('refuses %j', (value) => {
    expect(isValidProxy(value)).toBe(false);
  });
});

describe('normalisePhoneNumber', () => {
  it.each([
    ['6281234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['081234567890', '6281234567890'],
    ['(62) 812.3456.7890', '6281234567890'],
  ])('%j → %s', (raw, expected) => {
    expect(normalisePhoneNumber(raw)).toBe(expected);
  });

  it.each(['', '12345', '6281', '628123456789012345', '6281abc', '7281234567890'])('refuses %j', (raw) => {
    expect(normalisePhoneNumber(raw)).toBeNull();
  });
});
