import { describe, expect, it } from 'vitest';
import { effectiveRole } from './roles.ts';
import { canOpen, isKnownRoute, menuFor } from './routes.ts';

describe('route table', () => {
  it('keeps /withdraw from admins and staff but opens it to members and devs', () => {
    expect(canOpen('member', '/withdraw')).toBe(true);
    expect(canOpen('dev', '/withdraw')).toBe(true);
    expect(canOpen('admin', '/withdraw')).toBe(false);
    expect(canOpen('staff', '/withdraw')).toBe(false);
  });

  it('opens monitors to devs only', () => {
    for (const role of ['member', 'staff', 'admin'] as const) expect(canOpen(role, '/monitor/realtime')).toBe(false);
    expect(canOpen('dev', '/monitor/realtime')).toBe(true);
  });

  it('ignores a trailing slash and knows unknown paths', () => {
    expect(canOpen('member', '/whatsapp/')).toBe(true);
    expect(isKnownRoute('/nope')).toBe(false);
  });

  it('treats any unknown role value as admin', () => {
    expect(effectiveRole('owner')).toBe('admin');
    expect(effectiveRole('')).toBeNull();
    const withoutMonitors = menuFor('dev').filter((item) => item.label !== 'Monitor');
    expect(menuFor('admin')).toEqual(withoutMonitors);
  });

  it('puts only the monitors a role may open in its menu', () => {
    for (const role of ['member', 'staff', 'admin', 'dev'] as const) {
      const paths = menuFor(role).flatMap((item) => (item.children ?? [item]).filter((entry) => !entry.external));
      for (const entry of paths) expect(canOpen(role, entry.path), `${role} ${entry.path}`).toBe(true);
    }
  });

  it('gives members the Telegram link and staff four entries', () => {
    expect(menuFor('member').some((item) => item.external)).toBe(true);
    expect(menuFor('staff').map((item) => item.label)).toEqual([
      'Permintaan Withdraw',
      'Daftar Generator',
      'Daftar Validator',
      'User Profile',
    ]);
  });
});
