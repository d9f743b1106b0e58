import { MESSAGE_TEXT } from '@sewablast/contract/message';
import { INPUT_TEXT } from '@sewablast/contract/paging';
import type { Role } from '@sewablast/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';

let t: TestApp;
const headersOf: Partial<Record<Role, { authorization: string }>> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['member', 'staff', 'admin', 'dev'] as const) headersOf[role] = (await t.loginAs(role)).headers;
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ff',
  'hex',
);

async function send(
  method: 'POST' | 'PUT',
  url: string,
  role: Role,
  fields: Record<string, string>,
  file?: Parameters<typeof multipartBody>[1],
) {
  const body = await multipartBody(fields, file);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...headersOf[role], 'content-type': body.contentType },
  });
}

const buttons = JSON.stringify([
  { id: '1', title: 'Kunjungi', url: 'https://toko.test', type: 'url_button' },
  { id: '2', title: 'Telepon', url: '+62 812 3456 789', type: 'call_button' },
  { id: '3', title: '', url: '', type: 'reply_button' },
]);

describe('message templates', () => {
  it('keeps members and staff out, and anonymous callers too', async () => {
    for (const url of ['/api/admin/message/list', '/api/admin/message/list-per-page?page=1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const role of ['member', 'staff'] as const) {
        expect((await t.app.inject({ method: 'GET', url, headers: headersOf[role] })).statusCode).toBe(403);
      }
      for (const role of ['admin', 'dev'] as const) {
        expect((await t.app.inject({ method: 'GET', url, headers: headersOf[role] })).statusCode).toBe(200);
      }
    }
    expect((await send('POST', '/api/admin/message/create', 'member', { text: '<p>x</p>' })).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/message/import', 'staff', {})).statusCode).toBe(403);
  });

  it('creates a template with an image and buttons, sanitised, with WhatsApp text derived on the server', async () => {
    const res = await send(
      'POST',
      '/api/admin/message/create',
      'admin',
      {
        text: '<p>Halo <strong>{name}</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        button: buttons,
        status: 'active',
      },
      { name: '../../promo.exe', bytes: PNG },
    );
    expect(res.statusCode).toBe(200);
    const { message } = res.json();
    expect(message.text).toBe('<p>Halo <strong>{name}</strong></p>');
    expect(message.text_wa).toBe('Halo *{name}*');
    expect(message.button).toEqual([
      { id: '1', title: 'Kunjungi', url: 'https://toko.test', type: 'url_button' },
      { id: '2', title: 'Telepon', url: '+62 812 3456 789', type: 'call_button' },
    ]);
    expect(message).toMatchObject({ media_name: 'promo.png', media_mime: 'image/png', status: 'active', count_use: 0 });

    const media = await t.app.inject({ method: 'GET', url: message.media });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.equals(PNG)).toBe(true);
    const forged = message.media.replace(/signature=[^&]+/, 'signature=abc');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const otherFile = message.media.replace(/\/api\/file\/\d+/, '/api/file/999');
    expect((await t.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
  });

  it('applies the button rules of the spec word for word', async () => {
    const titleOnly = await send('POST', '/api/admin/message/create', 'admin', {
      text: '<p>x</p>',
      button: JSON.stringify([{ id: '1', title: 'Beli', url: '', type: 'reply_button' }]),
    });
    expect(titleOnly.statusCode).toBe(400);
    expect(titleOnly.json().msg).toBe('Judul button : "Beli" belum mempunyai URL.');
    const urlOnly = await send('POST', '/api/admin/message/create', 'admin', {
      text: '<p>x</p>',
      button: JSON.stringify([{ id: '1', title: '', url: 'https://a.test', type: 'url_button' }]),
    });
    expect(urlOnly.json().msg).toBe('URL button "https://a.test" belum punya nama atau judul.');
  });

  it('refuses buttons it cannot use with a field error on button, and drops only the empty ones', async () => {
    const create = (button: unknown[]) =>
      send('POST', '/api/admin/message/create', 'admin', { text: '<p>x</p>', button: JSON.stringify(button) });
    const good = { id: '1', title: 'Kunjungi', url: 'https://toko.test', type: 'url_button' };
    const refused: [unknown[], string][] = [
      [[{ ...good, id: 1 }], MESSAGE_TEXT.notAButton(1)],
      [[good, { ...good, title: 2 }], MESSAGE_TEXT.notAButton(2)],
      [['Kunjungi'], MESSAGE_TEXT.notAButton(1)],
      [[null], MESSAGE_TEXT.notAButton(1)],
      [[{ ...good, type: 'link_button' }], MESSAGE_TEXT.badType(1)],
      [[{ ...good, type: 'link_button', title: '', url: '' }], MESSAGE_TEXT.badType(1)],
      [[{ id: '1', title: 'Kunjungi', url: 'https://toko.test' }], MESSAGE_TEXT.badType(1)],
      [[{ ...good, title: 'x'.repeat(61) }], MESSAGE_TEXT.titleTooLong(1)],
      [Array.from({ length: 11 }, (_, index) => ({ ...good, id: String(index) })), MESSAGE_TEXT.tooManyButtons],
    ];
    for (const [button, msg] of refused) {
      const res = await create(button);
      expect(res.statusCode, JSON.stringify(button).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ msg, errors: { button: msg } });
    }
    const notAList = await send('POST', '/api/admin/message/create', 'admin', { text: '<p>x</p>', button: '{"a":1}' });
    expect(notAList.json()).toEqual({ msg: MESSAGE_TEXT.badButtons, errors: { button: MESSAGE_TEXT.badButtons } });

    const kept = await create([{}, { title: ' ', url: '', type: 'reply_button' }, { ...good, id: null }]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().message.button).toEqual([{ ...good, id: '3' }]);
  });

  it('refuses a status other than active or nonactive instead of making it active', async () => {
    const created = await send('POST', '/api/admin/message/create', 'admin', { text: '<p>x</p>', status: 'deleted' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ msg: MESSAGE_TEXT.badStatus, errors: { status: MESSAGE_TEXT.badStatus } });
    const { id } = (await send('POST', '/api/admin/message/create', 'admin', { text: '<p>x</p>' })).json().message;
    const updated = await send('PUT', `/api/admin/message/${id}`, 'admin', { text: '<p>x</p>', status: 'deleted' });
    expect(updated.json().errors).toEqual({ status: MESSAGE_TEXT.badStatus });
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/message/${id}`, headers: headersOf.admin });
    expect(detail.json().message.status).toBe('active');
  });

  it('answers 400 with msg to a NUL byte in a field or a button, and to a form without boundary or cut short', async () => {
    const nulText = await send('POST', '/api/admin/message/create', 'admin', { text: '<p>a\u0000b</p>' });
    expect(nulText.statusCode).toBe(400);
    expect(nulText.json()).toEqual({ msg: INPUT_TEXT.nul, errors: { text: INPUT_TEXT.nul } });
    const nulButton = await send('POST', '/api/admin/message/create', 'admin', {
      text: '<p>x</p>',
      button: '[{"id":"1","title":"Beli\\u0000","url":"STOP","type":"stop_button"}]',
    });
    expect(nulButton.json()).toEqual({ msg: INPUT_TEXT.nul, errors: { button: INPUT_TEXT.nul } });

    const form = await multipartBody({ text: '<p>x</p>' }, { name: 'a.png', bytes: PNG });
    const broken = [
      { payload: form.payload, contentType: 'multipart/form-data' },
      { payload: form.payload.subarray(0, form.payload.length - 20), contentType: form.contentType },
    ];
    for (const { payload, contentType } of broken) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/message/create',
        payload,
        headers: { ...headersOf.admin, 'content-type': contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(INPUT_TEXT.badForm);
    }
  });

  it('refuses media that is not an image, video, audio or PDF, and media over 16 MB', async () => {
    const exe = await send(
      'POST',
      '/api/admin/message/create',
      'admin',
      { text: '<p>x</p>' },
      { name: 'a.png', bytes: Buffer.from('MZ\x90\x00binary') },
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json().msg).toBe(MESSAGE_TEXT.badMedia);
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(16 * 1024 * 1024 + 10)]);
    const big = await send(
      'POST',
      '/api/admin/message/create',
      'admin',
      { text: '<p>x</p>' },
      { name: 'a.pdf', bytes: huge },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe(MESSAGE_TEXT.mediaTooLarge);
    const empty = await send('POST', '/api/admin/message/create', 'admin', { text: '<p> </p>' });
    expect(empty.json().msg).toBe(MESSAGE_TEXT.captionRequired);
  });

  it('updates a template, keeping its media until it is replaced or removed, and deletes it', async () => {
    const created = (
      await send('POST', '/api/admin/message/create', 'dev', { text: '<p>awal</p>' }, { name: 'a.png', bytes: PNG })
    ).json().message;
    const filesBefore = await countFiles();
    const kept = await send('PUT', `/api/admin/message/${created.id}`, 'dev', {
      text: '<p><em>baru</em></p>',
      status: 'nonactive',
    });
    expect(kept.json().message).toMatchObject({ text_wa: '_baru_', status: 'nonactive', media_mime: 'image/png' });
    const pdf = await send(
      'PUT',
      `/api/admin/message/${created.id}`,
      'dev',
      { text: '<p>pdf</p>' },
      { name: 'brosur.pdf', bytes: Buffer.from('%PDF-1.4 x') },
    );
    expect(pdf.json().message).toMatchObject({ media_mime: 'application/pdf', media_name: 'brosur.pdf' });
    expect(await countFiles()).toBe(filesBefore);
    const removed = await send('PUT', `/api/admin/message/${created.id}`, 'dev', {
      text: '<p>tanpa media</p>',
      remove_media: '1',
    });
    expect(removed.json().message.media).toBeNull();
    expect(await countFiles()).toBe(filesBefore - 1);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/message/${created.id}`,
      headers: headersOf.admin,
    });
    expect(detail.json().message.text_wa).toBe('tanpa media');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/message/${created.id}`,
      headers: headersOf.admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/message/${created.id}`, headers: headersOf.admin }))
        .statusCode,
    ).toBe(404);
  });

  it('imports a JSON export, skipping bad items with their reasons', async () => {
    const items = [
      {
        media: 'https://elsewhere/x.png',
        text: '<p>Satu</p>',
        buttons: [{ id: '1', title: 'Stop', url: 'STOP', type: 'stop_button' }],
      },
      { text: '<p>Dua</p>', button: [{ id: '1', title: 'Beli', url: '', type: 'reply_button' }] },
      'bukan template',
      { text: '', text_wa: 'Tiga *tebal*' },
      { text: '<p>Empat</p>', buttons: [{ id: 1, title: 'Beli', url: 'STOP', type: 'stop_button' }] },
      { text: '<p>Lima\u0000</p>' },
      { text: '<p>Enam</p>', status: 'deleted' },
    ];
    const res = await send(
      'POST',
      '/api/admin/message/import',
      'admin',
      {},
      { name: 't.json', bytes: Buffer.from(JSON.stringify(items)) },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(2);
    expect(body.skipped.map((item: { index: number }) => item.index)).toEqual([1, 2, 4, 5, 6]);
    expect(body.skipped[0].reason).toBe('Judul button : "Beli" belum mempunyai URL.');
    expect(body.skipped[2].reason).toBe(MESSAGE_TEXT.notAButton(1));
    expect(body.skipped[3].reason).toBe(INPUT_TEXT.nul);
    const notJson = await send(
      'POST',
      '/api/admin/message/import',
      'admin',
      {},
      { name: 't.json', bytes: Buffer.from('{oops') },
    );
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().msg).toBe(MESSAGE_TEXT.badImport);
  });

  it('pages the templates', async () => {
    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/message/list-per-page?page=1&limit=2',
        headers: headersOf.admin,
      })
    ).json();
    expect(page.data).toHaveLength(2);
    expect(page.meta.totalPages).toBe(Math.ceil(page.meta.total / 2));
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/message/list', headers: headersOf.dev })).json();
    expect(list.list).toHaveLength(page.meta.total);
  });
});

async function countFiles() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return row?.n ?? 0;
}
