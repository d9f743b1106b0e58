/**
 * How a session sends, on Baileys' real socket against the fake WhatsApp endpoint (test/fake-wa): the number
 * looked up first (usync), "typing..." shown to a subscribed contact, the message encrypted for the contact's
 * device and read there as sent, and what WhatsApp's answers make of it: an ack, none, an error code, a
 * dropped connection, a query refused.
 */
import type { BinaryNode } from 'baileys';
import { describe, expect, it } from 'vitest';
import type { WaConnection } from '../../test/fake-wa/connection.ts';
import type { Relayed } from '../../test/fake-wa/messages.ts';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { until } from '../../test/until.ts';
import type { BaileysDriverOptions } from './baileys.ts';
import { SendError } from './driver.ts';

const wa = useFakeWhatsApp();

const missing = '6289900000000';

/** A linked session and Rina, a contact on WhatsApp. */
async function sending(driverOptions: BaileysDriverOptions = {}) {
  const wired = await wa.linked({}, { sendTimeoutMs: 10_000, ...driverOptions });
  return { ...wired, rina: wa.endpoint.addContact('6285712345678', '88000111222001') };
}

/** Long enough for an acked relay on a loaded machine; the lost one costs this once. */
const LOST_ACK_WAIT = { sendTimeoutMs: 3000 };

/** What the session told WhatsApp of its presence, in order: subscriptions and chat states. */
const presence = (connection: WaConnection) =>
  connection.received.flatMap((node) => {
    if (node.tag === 'presence') return [node.attrs.type];
    const [state] = node.tag === 'chatstate' && Array.isArray(node.content) ? node.content : [];
    return state ? [state.tag] : [];
  });

/** The number look-ups the session asked (usync queries for the contact protocol). */
const lookups = (connection: WaConnection) =>
  connection.received.filter((node) => {
    const query = JSON.stringify(node.content ?? '');
    return node.attrs.xmlns === 'usync' && query.includes('"tag":"contact"');
  }).length;

describe('a message sent', () => {
  it('goes as text with its buttons as lines, after "typing..." to a subscribed contact, and media by kind', async () => {
    const { session, rina } = await sending();
    const read = (relayed: Relayed | undefined) => {
      if (!relayed) throw new Error('not relayed');
      return wa.endpoint.messages.read(relayed, rina, wa.endpoint.linkedJid());
    };
    const sent = await session.sendMessage(rina.number, {
      text: 'Halo Rina',
      buttons: [{ id: '1', title: 'Kunjungi', url: 'https://contoh.id', type: 'url_button' }],
    });
    expect(sent.id).toMatch(/^[0-9A-F]{10,}$/);
    const [first] = wa.endpoint.messages.relayed;
    expect(first?.id).toBe(sent.id);
    expect((await read(first)).extendedTextMessage?.text).toBe('Halo Rina\n\nKunjungi: https://contoh.id');
    await until(() => presence(wa.endpoint.latest()).length === 3, 10_000);
    expect(presence(wa.endpoint.latest())).toEqual(['subscribe', 'composing', 'paused']);

    const bytes = Buffer.from('media');
    await session.sendMessage(rina.number, { text: 'Foto', media: { bytes, mime: 'image/png', name: 'a.png' } });
    await session.sendMessage(rina.number, { text: 'Lagu', media: { bytes, mime: 'audio/mpeg', name: 'a.mp3' } });
    await session.sendMessage(rina.number, {
      text: 'Berkas',
      media: { bytes, mime: 'application/pdf', name: 'a.pdf' },
    });
    const [image, audio, text, document] = await Promise.all(wa.endpoint.messages.relayed.slice(1).map(read));
    const uploaded = {
      url: expect.stringMatching(/^https:\/\/mmg\.whatsapp\.net\//),
      mediaKey: expect.any(Uint8Array),
    };
    expect(image?.imageMessage).toMatchObject({ caption: 'Foto', mimetype: 'image/png', ...uploaded });
    expect(audio?.audioMessage).toMatchObject({ mimetype: 'audio/mpeg', ...uploaded });
    expect(text?.extendedTextMessage?.text).toBe('Lagu');
    expect(document?.documentMessage).toMatchObject({
      mimetype: 'application/pdf',
      fileName: 'a.pdf',
      caption: 'Berkas',
    });
    expect(wa.endpoint.media.uploads).toEqual(['image', 'audio', 'document']);
  });

  it('fails when WhatsApp acknowledges no relay, and the socket is replaced; without a connection it fails at once', async () => {
    const { session, rina } = await sending(LOST_ACK_WAIT);
    const connection = wa.endpoint.latest();
    wa.endpoint.messages.plans.push('drop');
    const timedOut = await session.sendMessage(rina.number, { text: 'x' }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(SendError);
    expect(timedOut).toMatchObject({ kind: 'transient', code: 'timeout' });
    await until(() => connection.closed, 10_000);

    const offline = await session.sendMessage(rina.number, { text: 'x' }).catch((error: unknown) => error);
    expect(offline).toMatchObject({ kind: 'disconnected' });
    expect(wa.endpoint.messages.relayed).toHaveLength(1);
  });

  it("fails when WhatsApp's server refuses it, a restriction as such, and when the connection drops before the ack", async () => {
    const { session, rina } = await sending();
    wa.endpoint.messages.plans.push({ error: '479' });
    expect(await session.sendMessage(rina.number, { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'rejected',
      code: 'ack-479',
    });
    wa.endpoint.messages.refuse = () => '463';
    expect(await session.sendMessage(rina.number, { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'restricted',
      code: '463',
      message: 'WhatsApp restricted sending from this account (463)',
    });
    wa.endpoint.messages.refuse = () => null;
    wa.endpoint.messages.plans.push('close');
    expect(await session.sendMessage(rina.number, { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'disconnected',
    });
  });
});

describe('numbers that are not on WhatsApp', () => {
  it('fail the send for good without sending, and WhatsApp is asked once per number', async () => {
    const { session, rina } = await sending();
    const connection = wa.endpoint.latest();
    const failure = await session.sendMessage(missing, { text: 'x' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'rejected', code: 'not-on-whatsapp' });
    expect(wa.endpoint.messages.relayed).toEqual([]);
    expect(presence(connection)).toEqual([]);

    await session.sendMessage(rina.number, { text: 'a' });
    await session.sendMessage(rina.number, { text: 'b' });
    expect(await session.checkNumber(missing)).toEqual({ exists: false, name: null });
    expect(await session.checkNumber(rina.number)).toEqual({ exists: true, name: null });
    expect(lookups(connection)).toBe(2);
    expect(wa.endpoint.messages.relayed.map((relayed) => relayed.to)).toEqual([
      `${rina.number}@s.whatsapp.net`,
      `${rina.number}@s.whatsapp.net`,
    ]);
  });

  it("read a refused look-up's code from Boom data, not the 500 Baileys puts on its output", async () => {
    const { session, rina } = await sending();
    const isLookup = (query: BinaryNode) => query.attrs.xmlns === 'usync';
    wa.endpoint.queryError = (query) => (isLookup(query) ? { code: 406, text: 'not-acceptable' } : null);
    expect(await session.sendMessage(rina.number, { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'rejected',
      code: '406',
    });
    wa.endpoint.queryError = (query) => (isLookup(query) ? { code: 403, text: 'forbidden' } : null);
    expect(await session.checkNumber(missing).catch((error: unknown) => error)).toMatchObject({ kind: 'banned' });
    expect(wa.endpoint.messages.relayed).toEqual([]);
  });
});
