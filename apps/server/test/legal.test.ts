/**
 * The terms and privacy policy sign-up links to (issue 11 §6): public, the contract's defaults until an
 * admin writes them in the settings, and changed only by admins and devs.
 */
import { DEFAULT_PRIVACY_POLICY, DEFAULT_TERMS } from '@sewablast/contract/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('terms and privacy policy', () => {
  const read = (path: string) => t.app.inject({ method: 'GET', url: `/api/legal/${path}` });

  it('answers the defaults without sign-in, then the admin’s text', async () => {
    expect((await read('terms')).json()).toEqual({ title: 'Syarat dan Ketentuan', text: DEFAULT_TERMS });
    expect((await read('privacy-policy')).json()).toEqual({ title: 'Kebijakan Privasi', text: DEFAULT_PRIVACY_POLICY });

    const admin = await t.loginAs('admin');
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin/setting/get', headers: admin.headers })
    ).json().setting;
    const { id: _id, ...values } = current;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/setting/update',
      headers: admin.headers,
      payload: { ...values, terms: '  Aturan kami.\n\nParagraf dua <script>x</script>  ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().setting.terms).toBe('Aturan kami.\n\nParagraf dua <script>x</script>');
    expect((await read('terms')).json()).toEqual({
      title: 'Syarat dan Ketentuan',
      text: 'Aturan kami.\n\nParagraf dua <script>x</script>',
    });
    expect((await read('privacy-policy')).json().text).toBe(DEFAULT_PRIVACY_POLICY);

    // Left out of an update, the documents stay; emptied, the default returns.
    const { terms: _terms, privacy_policy: _privacy, ...withoutDocuments } = values;
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/setting/update',
      headers: admin.headers,
      payload: withoutDocuments,
    });
    expect((await read('terms')).json().text).toBe('Aturan kami.\n\nParagraf dua <script>x</script>');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/setting/update',
      headers: admin.headers,
      payload: { ...values, terms: '' },
    });
    expect((await read('terms')).json().text).toBe(DEFAULT_TERMS);
  });

  it('keeps the documents out of reach of members’ settings changes', async () => {
    const member = await t.loginAs('member');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/setting/update',
      headers: member.headers,
      payload: { terms: 'hijacked' },
    });
    expect(res.statusCode).toBe(403);
  });
});
