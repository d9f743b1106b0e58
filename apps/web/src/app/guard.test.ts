import { describe, expect, it } from 'vitest';
import { guard } from './guard.ts';

describe('guard', () => {
  it('sends anyone without a token or a role to /signin', () => {
    expect(guard('/', null, 'member')).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guard('/profile', 'token', null)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guard('/profile', 'token', '')).toEqual({ kind: 'redirect', to: '/signin' });
  });

  it('sends staff from home to the withdraw queue', () => {
    expect(guard('/', 't', 'staff')).toEqual({ kind: 'redirect', to: '/withdraw/requested?page=1' });
    expect(guard('/dashboard', 't', 'staff')).toEqual({ kind: 'redirect', to: '/withdraw/requested?page=1' });
    expect(guard('/withdraw/requested', 't', 'staff')).toEqual({ kind: 'allow' });
  });

  it('sends a disallowed role to /not-authorized', () => {
    expect(guard('/phonenumber', 't', 'member')).toEqual({ kind: 'redirect', to: '/not-authorized' });
    expect(guard('/withdraw', 't', 'admin')).toEqual({ kind: 'redirect', to: '/not-authorized' });
    expect(guard('/monitor/local', 't', 'admin')).toEqual({ kind: 'redirect', to: '/not-authorized' });
    expect(guard('/bonus', 't', 'staff')).toEqual({ kind: 'redirect', to: '/not-authorized' });
  });

  it('keeps a user with a temporary password on the change-password screen', () => {
    expect(guard('/', 't', 'member', true)).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(guard('/settings', 't', 'admin', true)).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(guard('/settings', null, 'admin', true)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guard('/settings', 't', 'admin', false)).toEqual({ kind: 'allow' });
  });

  it('keeps a back-office user without a required second factor on its set-up, after a temporary password', () => {
    expect(guard('/withdraw-requests', 't', 'staff', false, true)).toEqual({
      kind: 'redirect',
      to: '/two-factor-setup',
    });
    expect(guard('/profile', 't', 'admin', false, true)).toEqual({ kind: 'redirect', to: '/two-factor-setup' });
    expect(guard('/profile', 't', 'admin', true, true)).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(guard('/profile', null, 'admin', false, true)).toEqual({ kind: 'redirect', to: '/signin' });
  });

  it('lets allowed roles through, and treats an unknown role as admin', () => {
    expect(guard('/monitor/local', 't', 'dev')).toEqual({ kind: 'allow' });
    expect(guard('/withdraw', 't', 'member')).toEqual({ kind: 'allow' });
    expect(guard('/settings/', 't', 'owner')).toEqual({ kind: 'allow' });
    expect(guard('/withdraw', 't', 'owner')).toEqual({ kind: 'redirect', to: '/not-authorized' });
    expect(guard('/not-authorized', 't', 'member')).toEqual({ kind: 'allow' });
  });
});
