import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides a token in the query string and keeps the rest', () => {
    expect(redactUrl('/ws?id=client-3&token=eyJ.abc.def')).toBe('/ws?id=client-3&token=[redacted]');
    expect(redactUrl('/ws?token=eyJ.abc&id=client-admin')).toBe('/ws?token=[redacted]&id=client-admin');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
