/**
 * What happens to a message after it leaves (issue 13), on Baileys' real socket against the fake WhatsApp
 * endpoint (test/fake-wa): sent again when the recipient's phone asks, delivered and read as WhatsApp's
 * receipts say, its media uploaded once per template; and the account's own name when it arrives after the
 * link.
 */
import * as baileys from 'baileys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receipt } from '../../test/fake-wa/messages.ts';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { writeFromPhone } from '../../test/fake-wa/writes.ts';
import { until } from '../../test/until.ts';
import type { BaileysDriverOptions } from './baileys.ts';
import { PushnameWatch } from './baileys-profile.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { OpenSessionOptions, SentMessageStore, SessionEvent } from './driver.ts';

const wa = useFakeWhatsApp();

const image = { bytes: Buffer.from('gambar template'), mime: 'image/jpeg', name: 'promo.jpg' };

function sentStore(): SentMessageStore & { kept: Map<string, Uint8Array> } {
  const kept = new Map<string, Uint8Array>();
  return { kept, get: async (id) => kept.get(id), put: async (id, content) => void kept.set(id, content) };
}

/** A linked session, Rina and Sari, contacts on WhatsApp, and what Rina's phone reads of the `at`th relay. */
async function sending(open: Partial<OpenSessionOptions> = {}, driverOptions: BaileysDriverOptions = {}) {
  const wired = await wa.linked(open, { sendTimeoutMs: 10_000, ...driverOptions });
  const rina = wa.endpoint.addContact('6285712345678', '88000111222001');
  const sari = wa.endpoint.addContact('6285712345679', '88000111222002');
  const read = async (at: number, contact = rina) => {
    const relayed = (await wa.endpoint.messages.until(at + 1))[at];
    if (!relayed) throw new Error('not relayed');
    return wa.endpoint.messages.read(relayed, contact, wa.endpoint.linkedJid());
  };
  return { ...wired, rina, sari, read };
}

/** Long enough for an acked relay on a loaded machine; the lost one costs this once. */
const LOST_ACK_WAIT = { sendTimeoutMs: 3000 };

const connected = (events: SessionEvent[]) =>
  events.filter((event) => event.type === 'connection' && event.state === 'connected').length;

describe('a message the recipient asks for again', () => {
  it('is kept in the store and sent again as it was, under its id, when her phone asks', async () => {
    const store = sentStore();
    const { session, configs, rina, read } = await sending({ sentMessages: store });
    const { id } = await session.sendMessage(rina.number, { text: 'Halo Rina' });
    expect([...store.kept.keys()]).toEqual([id]);
    wa.endpoint.messages.retryReceipt(
      wa.endpoint.latest(),
      id,
      `${rina.number}@s.whatsapp.net`,
      rina.device.registrationId,
    );
    const [, again] = await wa.endpoint.messages.until(2);
    expect(again?.id).toBe(id);
    expect((await read(1)).extendedTextMessage?.text).toBe('Halo Rina');
    const getMessage = configs[0]?.getMessage;
    expect(await getMessage?.({ id: 'UNKNOWN', remoteJid: `${rina.number}@s.whatsapp.net`, fromMe: true })).toBe(
      undefined,
    );
  });

  it('is kept with its upload when it is media, and kept when refused too (it is kept before its relay)', async () => {
    const store = sentStore();
    const { session, configs, rina } = await sending({ sentMessages: store });
    const { id } = await session.sendMessage(rina.number, { text: 'Promo', media: image });
    const answered = await configs[0]?.getMessage?.({ id });
    expect(answered?.imageMessage).toMatchObject({ caption: 'Promo', url: expect.stringContaining('mmg') });
    wa.endpoint.messages.plans.push({ error: '479' });
    await expect(session.sendMessage(rina.number, { text: 'x' })).rejects.toMatchObject({ code: 'ack-479' });
    expect(store.kept.size).toBe(2);
  });

  it('is still counted as sent when the store fails to keep it', async () => {
    const failing: SentMessageStore = {
      get: async () => undefined,
      put: async () => {
        throw new Error('database gone');
      },
    };
    const { session, rina } = await sending({ sentMessages: failing });
    expect(await session.sendMessage(rina.number, { text: 'Halo' })).toMatchObject({ id: expect.any(String) });
  });
});

describe('a send whose ack was lost', () => {
  it('repeats every part of a message sent in parts under the same ids', async () => {
    const { session, events, rina } = await sending({}, { ...LOST_ACK_WAIT, reconnectBaseMs: 20 });
    const audio = { bytes: Buffer.from('suara'), mime: 'audio/ogg', name: 'a.ogg' };
    wa.endpoint.messages.plans.push('drop');
    await expect(session.sendMessage(rina.number, { text: 'Dengar', media: audio }, '3EB0AAAA')).rejects.toMatchObject({
      code: 'timeout',
    });
    await until(() => connected(events) === 2, 10_000);
    await session.sendMessage(rina.number, { text: 'Dengar', media: audio }, '3EB0AAAA');
    const ids = wa.endpoint.messages.relayed.map((relayed) => relayed.id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe('3EB0AAAA');
  });

  it("leaves Baileys one retry counter for the session's life, across reconnects", async () => {
    const { events, configs } = await sending({}, { reconnectBaseMs: 20 });
    const counter = configs[0]?.msgRetryCounterCache;
    if (!counter) throw new Error('no msgRetryCounterCache');
    counter.set('ABC:6285712345678@s.whatsapp.net', 2);
    wa.endpoint.latest().terminate();
    await until(() => connected(events) === 2, 10_000);
    expect(configs[1]?.msgRetryCounterCache).toBe(counter);
    expect(counter.get('ABC:6285712345678@s.whatsapp.net')).toBe(2);
  });
});

describe('delivery receipts', () => {
  it("pass on delivered and read for the session's own messages, each once", async () => {
    const { events } = await sending();
    const before = events.length;
    const connection = wa.endpoint.latest();
    const rina = '6285712345678@s.whatsapp.net';
    const group = '120363012345@g.us';
    const receipts: Parameters<typeof receipt>[] = [
      [connection, ['A'], rina],
      [connection, ['A'], rina],
      [connection, ['A'], rina, { type: 'read' }],
      [connection, ['B'], rina, { type: 'played' }],
      // One of the account's own devices telling of a message Rina sent it: not the session's.
      [connection, ['C'], rina, { type: 'read', recipient: '6281234567001@s.whatsapp.net' }],
      // A group's receipts never reach the driver: Baileys drops group traffic (shouldIgnoreJid) unread.
      [connection, ['E'], group, { participant: rina }],
      [connection, ['E'], group, { type: 'read', participant: rina }],
      [connection, ['F'], group, { type: 'played', participant: rina }],
      [connection, ['G', 'H'], rina],
    ];
    const acked = () => connection.received.filter((node) => node.tag === 'ack' && node.attrs.class === 'receipt');
    // One after another, as a phone sends them: Baileys merges the updates of a message that come in one burst.
    for (const [at, args] of receipts.entries()) {
      receipt(...args);
      await until(() => acked().length === at + 1, 10_000);
    }
    expect(events.slice(before)).toEqual([
      { type: 'receipt', id: 'A', status: 'delivered' },
      { type: 'receipt', id: 'A', status: 'read' },
      { type: 'receipt', id: 'B', status: 'read' },
      { type: 'receipt', id: 'G', status: 'delivered' },
      { type: 'receipt', id: 'H', status: 'delivered' },
    ]);
  });
});

describe("the account's own name", () => {
  it("is passed on when the account's phone writes with it after the link, again only when it changes", async () => {
    const { events, rina, sari } = await sending();
    const before = events.length;
    const written = [
      ['N1', 'Budi Santoso'],
      ['N2', 'Budi Santoso'],
      ['N3', 'Budi S.'],
    ];
    for (const [id, name] of written) await writeFromPhone(wa.endpoint, rina, 'halo', id as string, name as string);
    // Someone else's name is theirs.
    await wa.endpoint.write(sari, 'hai', { id: 'N4', pushName: 'Orang lain' });
    const connection = wa.endpoint.latest();
    const receipted = () => connection.received.filter((node) => node.tag === 'receipt').map((node) => node.attrs.id);
    await until(() => ['N1', 'N2', 'N3', 'N4'].every((id) => receipted().includes(id)), 10_000);
    expect(events.slice(before).filter((event) => event.type === 'profile')).toEqual([
      { type: 'profile', pushname: 'Budi Santoso' },
      { type: 'profile', pushname: 'Budi S.' },
    ]);
  });
});

describe("the account's own contact entry", () => {
  // Only app-state and history sync bring it, which the endpoint does not serve: the watch is read directly.
  it("gives the name under its phone-number or LID JID, and no one else's", () => {
    const names: string[] = [];
    const watch = new PushnameWatch(baileys, (name) => names.push(name));
    const me = { id: '6281234567890:12@s.whatsapp.net', lid: '987654321:12@lid' };
    watch.onContacts([{ id: '6281234567890@s.whatsapp.net', notify: 'Budi S.' }], me);
    watch.onContacts([{ id: '6285700000000@s.whatsapp.net', notify: 'Orang lain' }], me);
    watch.onContacts([{ id: '987654321@lid', notify: 'Budi' }], me);
    watch.onContacts([{ id: '6281234567890@s.whatsapp.net', notify: '  ' }], me);
    expect(names).toEqual(['Budi S.', 'Budi']);
  });
});

describe('media of a template', () => {
  it('is uploaded once for every recipient, each send with its own caption', async () => {
    const { session, rina, sari, read } = await sending();
    await session.sendMessage(rina.number, { text: 'Halo Rina', media: image });
    await session.sendMessage(sari.number, { text: 'Halo Sari', media: image });
    expect(wa.endpoint.media.uploads).toEqual(['image']);
    const first = (await read(0, rina)).imageMessage;
    const second = (await read(1, sari)).imageMessage;
    expect(first?.caption).toBe('Halo Rina');
    expect(second?.caption).toBe('Halo Sari');
    expect(second?.url).toBe(first?.url);
    expect(Buffer.from(second?.mediaKey ?? []).equals(Buffer.from(first?.mediaKey ?? []))).toBe(true);

    await session.sendMessage(rina.number, { text: 'Lain', media: { ...image, bytes: Buffer.from('gambar lain') } });
    expect(wa.endpoint.media.uploads).toEqual(['image', 'image']);
  });

  it('is uploaded once when sends of it overlap', async () => {
    const { session, rina, sari } = await sending();
    // Both numbers known: nothing stands between the two sends and the upload.
    await session.checkNumber(rina.number);
    await session.checkNumber(sari.number);
    await Promise.all([
      session.sendMessage(rina.number, { text: 'a', media: image }),
      session.sendMessage(sari.number, { text: 'b', media: image }),
    ]);
    expect(wa.endpoint.media.uploads).toEqual(['image']);
  });

  it('is uploaded again after a send of it fails', async () => {
    const { session, rina } = await sending();
    await session.sendMessage(rina.number, { text: 'a', media: image });
    wa.endpoint.messages.plans.push({ error: '479' });
    await session.sendMessage(rina.number, { text: 'b', media: image }).catch(() => undefined);
    await session.sendMessage(rina.number, { text: 'c', media: image });
    expect(wa.endpoint.media.uploads).toEqual(['image', 'image']);
  });

  it('takes its upload out of the ack timeout', async () => {
    const { session, rina } = await sending({}, { ...LOST_ACK_WAIT, uploadTimeoutMs: 10_000 });
    await session.sendMessage(rina.number, { text: 'kenalan' });
    wa.endpoint.media.delayMs = LOST_ACK_WAIT.sendTimeoutMs + 200;
    expect(await session.sendMessage(rina.number, { text: 'a', media: image })).toMatchObject({
      id: expect.any(String),
    });
  });

  it('fails a stalled upload under its own limit, keeping the socket, nothing relayed nor typed', async () => {
    const { session, rina } = await sending({}, { uploadTimeoutMs: 100 });
    const connection = wa.endpoint.latest();
    wa.endpoint.media.stalled = true;
    const failure = await session
      .sendMessage(rina.number, { text: 'a', media: image })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'transient', code: 'upload-timeout' });
    expect(connection.closed).toBe(false);
    expect(wa.endpoint.messages.relayed).toEqual([]);
    expect(connection.received.filter((node) => node.tag === 'presence' || node.tag === 'chatstate')).toEqual([]);
  });
});

describe("the driver's bounded memories", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drop the oldest entry past their size, and any entry past its age', () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<number>(2, 1000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    vi.advanceTimersByTime(1001);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.has('c')).toBe(false);
  });
});
