/**
 * Message variants end to end on the simulator: the form's syntax errors, a blast that sends different
 * bodies from one template, the variant each message used in its log, and the per-variant figures that
 * outcomes, receipts, replies and STOPs raise, as the template list shows them.
 */
import type { TMessage } from '@sewablast/contract/message';
import { VARIANT_TEXT } from '@sewablast/contract/variants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLogs, phoneNumbers, settings, templateVariantStats, whatsappAccounts } from '../src/db/schema.ts';
import { VariantPicker } from '../src/engine/blast/variants.ts';
import { seededRandom } from '../src/wa/random.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';
import { openLive } from './ws.ts';

let t: TestApp;
let base: string;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp({
    simulator: { rates: { transient: 0, disconnect: 0, ban: 0, rejected: 0, delivered: 1, read: 1 } },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await t.loginAs('dev');
  admin = await t.loginAs('admin');
  await t.db.update(settings).set({ interval_min: 0, interval_max: 0 });
});
afterAll(() => t.close());

async function saveTemplate(fields: Record<string, string>) {
  const body = await multipartBody(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/message/create',
    payload: body.payload,
    headers: { ...admin.headers, 'content-type': body.contentType },
  });
}

const post = (url: string, headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

async function listed(id: number): Promise<TMessage | undefined> {
  const list = await t.app.inject({ method: 'GET', url: '/api/admin/message/list', headers: admin.headers });
  return (list.json().list as TMessage[]).find((message) => message.id === id);
}

describe('message variants', () => {
  it('refuses a caption whose variants are broken, naming the problem and the field', async () => {
    const unclosed = await saveTemplate({ text: '<p>{Halo|Hai kak</p>' });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({
      msg: VARIANT_TEXT.unclosed('{Halo|Hai kak'),
      errors: { text: VARIANT_TEXT.unclosed('{Halo|Hai kak') },
    });
    const empty = await saveTemplate({
      text: '<p>{Halo|Hai} {name}</p>',
      captions: JSON.stringify(['Selamat {pagi||sore}']),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      captions: VARIANT_TEXT.captionIn(1, VARIANT_TEXT.emptyOption('{pagi||sore}')),
    });
    const notTexts = await saveTemplate({ text: '<p>Halo</p>', captions: JSON.stringify([1]) });
    expect(notTexts.json().errors).toEqual({ captions: VARIANT_TEXT.badCaptions });
    expect((await saveTemplate({ text: '<p>Halo</p>', captions: '{' })).statusCode).toBe(400);
  });

  it('sends different bodies from one template and counts each variant sent, delivered, read, replied and STOP', async () => {
    const created = await saveTemplate({
      text: '<p>{Halo|Hai|Selamat siang} {name}</p>',
      captions: JSON.stringify(['{Pagi|Sore} kak {name}, ada promo', '  ']),
    });
    expect(created.statusCode).toBe(200);
    const template = created.json().message as TMessage;
    expect(template.captions).toEqual(['{Pagi|Sore} kak {name}, ada promo']);
    await t.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: 16 }, (_, i) => ({ number: `6285990${String(i).padStart(5, '0')}`, name: `Rina ${i}` })),
      );

    const member = await t.loginAs('member');
    const live = await openLive(base, `id=client-${member.user.id}&token=${member.token}`);
    const id = `variants-${Date.now().toString(36)}`;
    await post('/api/admin/whatsapp/new-client', member.headers, { deviceId: id, userId: member.user.id });
    await live.next('qr', (message) => message.payload.deviceId === id);
    await post(`/dev/simulator/${id}/scan`, dev.headers, {});
    await live.next('connection.update', (message) => message.payload.state === 'connected');
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: false });
    await live.next('finished', (message) => message.payload.deviceId === id, 20_000);
    live.close();

    const sent = t.simulator.sentBy(id);
    expect(sent).toHaveLength(16);
    const bodies = new Set(sent.map((message) => message.text.replace(/Rina \d+/, '{name}')));
    expect(bodies.size).toBeGreaterThan(2);
    for (const body of bodies) {
      expect([
        'Halo {name}',
        'Hai {name}',
        'Selamat siang {name}',
        'Pagi kak {name}, ada promo',
        'Sore kak {name}, ada promo',
      ]).toContain(body);
    }

    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    const logs = await t.db
      .select({ variant: messageLogs.variant, n: sql<number>`count(*)::int` })
      .from(messageLogs)
      .where(eq(messageLogs.whatsapp_id, account?.id ?? 0))
      .groupBy(messageLogs.variant);
    expect(logs.every((log) => log.variant !== null)).toBe(true);
    const counted = await t.db
      .select()
      .from(templateVariantStats)
      .where(eq(templateVariantStats.template_id, template.id));
    expect(new Map(counted.map((row) => [row.variant, row.sent]))).toEqual(
      new Map(logs.map((log) => [log.variant, log.n])),
    );

    // Every message is delivered and read on this simulator; the receipts arrive a moment after the sends.
    const settled = async () => {
      const rows = await t.db
        .select()
        .from(templateVariantStats)
        .where(eq(templateVariantStats.template_id, template.id));
      return rows.reduce((sum, row) => sum + row.read, 0) === 16;
    };
    for (let tries = 0; !(await settled()) && tries < 500; tries++) await new Promise((r) => setTimeout(r, 20));

    // One recipient answers, another answers STOP: the message each answers counts for its variant.
    const answered = sent[0];
    const stopping = sent[1];
    if (!answered || !stopping) throw new Error('no sends');
    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: answered.to, text: 'Info lebih lanjut?' });
    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: answered.to, text: 'Halo?' });
    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: stopping.to, text: 'stop' });
    const logOf = async (to: string) =>
      (
        await t.db
          .select({ variant: messageLogs.variant, replied: messageLogs.replied_at, stopped: messageLogs.stopped_at })
          .from(messageLogs)
          .innerJoin(phoneNumbers, eq(phoneNumbers.id, messageLogs.phone_number_id))
          .where(eq(phoneNumbers.number, to))
      )[0];
    for (let tries = 0; !(await logOf(stopping.to))?.stopped && tries < 500; tries++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const answeredLog = await logOf(answered.to);
    const stoppedLog = await logOf(stopping.to);
    expect(answeredLog?.replied).not.toBeNull();
    expect(answeredLog?.stopped).toBeNull();
    expect(stoppedLog?.stopped).not.toBeNull();

    const shown = await listed(template.id);
    expect(shown?.figures).toEqual({ sent: 16, failed: 0, delivered: 16, read: 16, replied: 2, stopped: 1 });
    const variants = new Map(shown?.variants.map((variant) => [variant.variant, variant]));
    expect(shown?.variants.reduce((sum, variant) => sum + variant.sent, 0)).toBe(16);
    const repliedVariant = variants.get(answeredLog?.variant ?? '');
    const stoppedVariant = variants.get(stoppedLog?.variant ?? '');
    expect(repliedVariant?.replied).toBeGreaterThanOrEqual(1);
    expect(stoppedVariant?.stopped).toBe(1);
    expect(stoppedVariant?.weight).toBeLessThan(1);
    expect(stoppedVariant?.text).toMatch(/\{name\}/);
  });

  it('starts a template’s figures afresh when its captions change, since variants are named by their place', async () => {
    const created = (await saveTemplate({ text: '<p>{A|B} {name}</p>' })).json().message as TMessage;
    await t.db.insert(templateVariantStats).values({ template_id: created.id, variant: '0:1', sent: 5 });
    const body = await multipartBody({ text: '<p>{B|A} {name}</p>', status: 'active' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/message/${created.id}`,
      payload: body.payload,
      headers: { ...admin.headers, 'content-type': body.contentType },
    });
    expect(updated.statusCode).toBe(200);
    expect((updated.json().message as TMessage).figures.sent).toBe(0);
  });

  it('sends a variant whose STOPs stand out less, as the engine reads the counters', async () => {
    const created = (await saveTemplate({ text: '<p>{Promo|Info} untuk {name}</p>' })).json().message as TMessage;
    await t.db.insert(templateVariantStats).values([
      { template_id: created.id, variant: '0:0', sent: 400, stopped: 80 },
      { template_id: created.id, variant: '0:1', sent: 400, stopped: 4 },
    ]);
    const picker = new VariantPicker(t.db);
    const random = seededRandom(11).next;
    let promo = 0;
    for (let i = 0; i < 1000; i++) {
      const pick = await picker.pick({ id: created.id, text_wa: created.text_wa, captions: [] }, random);
      if (pick.key === '0:0') promo++;
    }
    // Even odds without the counters; the rule in docs/decisions.md gives Promo about two fifths of Info's weight.
    expect(promo).toBeLessThan(350);
    expect(promo).toBeGreaterThan(200);
    const shown = await listed(created.id);
    expect(shown?.variants.find((variant) => variant.variant === '0:0')?.weight).toBeCloseTo(0.389, 3);
    expect(shown?.variants.find((variant) => variant.variant === '0:1')?.weight).toBe(1);
  });
});
