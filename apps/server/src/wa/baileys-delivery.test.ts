/**
 * What happens to a message after it leaves (issue 13): sent again when the recipient's phone asks,
 * delivered and read as WhatsApp reports them, its media uploaded once per template; and the account's own
 * name when it arrives after the link. Driven through Baileys' own event shapes, enums and message code.
 */
import * as baileys from 'baileys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOpened, linkedUser, openFake, openLinked, until } from '../../test/baileys-fake.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { SentMessageStore } from './driver.ts';

afterEach(closeOpened);

const { Status } = baileys.proto.WebMessageInfo;
const rina = '6285712345678';
const image = { bytes: Buffer.from('gambar template'), mime: 'image/jpeg', name: 'promo.jpg' };

function sentStore(): SentMessageStore & { kept: Map<string, Uint8Array> } {
  const kept = new Map<string, Uint8Array>();
  return { kept, get: async (id) => kept.get(id), put: async (id, content) => void kept.set(id, content) };
}

const asObject = (message: baileys.proto.IMessage | undefined) =>
  message && baileys.proto.Message.toObject(baileys.proto.Message.fromObject(message));

describe('a message the recipient asks for again', () => {
  it('is kept in the store after its ack and answered to Baileys by id', async () => {
    const store = sentStore();
    const { session, socket } = await openLinked({ sentMessages: store });
    const { id } = await session.sendMessage(rina, { text: 'Halo Rina' });
    expect([...store.kept.keys()]).toEqual([id]);
    const getMessage = socket().config.getMessage;
    if (!getMessage) throw new Error('no getMessage');
    const answered = await getMessage({ id, remoteJid: `${rina}@s.whatsapp.net`, fromMe: true });
    expect(asObject(answered)).toEqual(asObject(socket().sent[0]?.message));
    expect(answered?.extendedTextMessage?.text).toBe('Halo Rina');
    expect(await getMessage({ id: 'UNKNOWN', remoteJid: `${rina}@s.whatsapp.net`, fromMe: true })).toBeUndefined();
  });

  it('keeps a media message with its upload, and a refused one too (it is kept before its relay)', async () => {
    const store = sentStore();
    const { session, socket } = await openLinked({ sentMessages: store });
    const { id } = await session.sendMessage(rina, { text: 'Promo', media: image });
    const answered = await socket().config.getMessage?.({ id });
    expect(answered?.imageMessage).toMatchObject({ caption: 'Promo', url: expect.stringContaining('mmg') });
    socket().ackError = '479';
    await session.sendMessage(rina, { text: 'x' }).catch(() => undefined);
    expect(store.kept.size).toBe(2);
  });
});

describe('a send whose ack was lost', () => {
  it('repeats every part of a message sent in parts under the same ids', async () => {
    const { session, socket } = await openLinked();
    const audio = { bytes: Buffer.from('suara'), mime: 'audio/ogg', name: 'a.ogg' };
    socket().dropAcks = 1;
    await expect(session.sendMessage(rina, { text: 'Dengar', media: audio }, '3EB0AAAA')).rejects.toMatchObject({
      code: 'timeout',
    });
    await session.sendMessage(rina, { text: 'Dengar', media: audio }, '3EB0AAAA');
    const ids = socket().sent.map((sent) => sent.id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe('3EB0AAAA');
  });

  it('keeps the last messages in memory when the engine gives no store', async () => {
    const { session, socket } = await openLinked();
    const { id } = await session.sendMessage(rina, { text: 'Halo' });
    expect((await socket().config.getMessage?.({ id }))?.extendedTextMessage?.text).toBe('Halo');
  });

  it('still counts the send when the store fails to keep it', async () => {
    const failing: SentMessageStore = {
      get: async () => undefined,
      put: async () => {
        throw new Error('database gone');
      },
    };
    const { session } = await openLinked({ sentMessages: failing });
    expect(await session.sendMessage(rina, { text: 'Halo' })).toMatchObject({ id: expect.any(String) });
  });

  it("gives Baileys one retry counter for the session's life, across reconnects", async () => {
    const { sockets, socket } = await openLinked();
    const counter = socket().config.msgRetryCounterCache;
    if (!counter) throw new Error('no msgRetryCounterCache');
    counter.set('ABC:6285712345678@s.whatsapp.net', 2);
    socket().close(408, 'timed out');
    await until(() => sockets.length === 2);
    expect(socket().config.msgRetryCounterCache).toBe(counter);
    expect(counter.get('ABC:6285712345678@s.whatsapp.net')).toBe(2);
    counter.del('ABC:6285712345678@s.whatsapp.net');
    expect(counter.get('ABC:6285712345678@s.whatsapp.net')).toBeUndefined();
  });
});

describe('delivery receipts', () => {
  it("passes on delivered and read for the session's own messages, each once", async () => {
    const { events, socket } = await openLinked();
    const before = events.length;
    const key = (id: string, fromMe = true) => ({ id, fromMe, remoteJid: `${rina}@s.whatsapp.net` });
    socket().emit('messages.update', [
      { key: key('A'), update: { status: Status.SERVER_ACK } },
      { key: key('A'), update: { status: Status.DELIVERY_ACK } },
      { key: key('A'), update: { status: Status.DELIVERY_ACK } },
      { key: key('A'), update: { status: Status.READ } },
      { key: key('B'), update: { status: Status.PLAYED } },
      { key: key('C', false), update: { status: Status.READ } },
      { key: key('D'), update: { message: { conversation: 'diedit' } } },
    ]);
    socket().emit('message-receipt.update', [
      { key: key('A'), receipt: { userJid: `${rina}@s.whatsapp.net`, receiptTimestamp: 1_700_000_000 } },
      { key: key('E'), receipt: { userJid: `${rina}@s.whatsapp.net`, receiptTimestamp: 1_700_000_000 } },
      { key: key('E'), receipt: { userJid: `${rina}@s.whatsapp.net`, readTimestamp: 1_700_000_100 } },
      { key: key('F'), receipt: { userJid: `${rina}@s.whatsapp.net`, playedTimestamp: 1_700_000_100 } },
    ]);
    expect(events.slice(before)).toEqual([
      { type: 'receipt', id: 'A', status: 'delivered' },
      { type: 'receipt', id: 'A', status: 'read' },
      { type: 'receipt', id: 'B', status: 'read' },
      { type: 'receipt', id: 'E', status: 'delivered' },
      { type: 'receipt', id: 'E', status: 'read' },
      { type: 'receipt', id: 'F', status: 'read' },
    ]);
  });
});

describe("the account's own name", () => {
  const me = { id: '6281234567890:12@s.whatsapp.net', lid: '987654321:12@lid' };

  it('is passed on when app-state sync brings it after the link, and again only when it changes', async () => {
    const { events, socket } = await openFake();
    socket().emit('creds.update', { me });
    socket().user = me;
    socket().emit('connection.update', { connection: 'open' });
    expect(events.find((event) => event.type === 'authenticated')).toMatchObject({ pushname: '' });
    const before = events.length;
    socket().emit('creds.update', { me: { ...me, name: 'Budi Santoso' } });
    socket().emit('creds.update', { me: { ...me, name: 'Budi Santoso' } });
    socket().emit('contacts.update', [{ id: '6281234567890@s.whatsapp.net', notify: 'Budi S.' }]);
    socket().emit('contacts.upsert', [{ id: '6285700000000@s.whatsapp.net', notify: 'Orang lain' }]);
    socket().emit('contacts.upsert', [{ id: '987654321@lid', notify: 'Budi' }]);
    socket().emit('contacts.update', [{ id: '6281234567890@s.whatsapp.net', notify: '  ' }]);
    expect(events.slice(before).filter((event) => event.type !== 'auth-state')).toEqual([
      { type: 'profile', pushname: 'Budi Santoso' },
      { type: 'profile', pushname: 'Budi S.' },
      { type: 'profile', pushname: 'Budi' },
    ]);
  });

  it('is not passed on again when the link already announced it', async () => {
    const { events, socket } = await openLinked();
    socket().emit('creds.update', { me: { ...linkedUser } });
    expect(events.filter((event) => event.type === 'profile')).toEqual([]);
  });

  it('is never taken from the credentials of a link still waiting for its code', async () => {
    const { events, socket } = await openFake({ pairingNumber: '6281234567890' });
    socket().emit('creds.update', { me: { id: '6281234567890@s.whatsapp.net', name: 'Tamu' } });
    expect(events.filter((event) => event.type === 'profile')).toEqual([]);
  });
});

describe('media of a template', () => {
  it('is uploaded once for every recipient, each send with its own caption', async () => {
    const { session, socket } = await openLinked();
    await session.sendMessage(rina, { text: 'Halo Rina', media: image });
    await session.sendMessage('6285712345679', { text: 'Halo Sari', media: image });
    expect(socket().uploads).toEqual(['image']);
    const [first, second] = socket().sent.map((entry) => entry.message.imageMessage);
    expect(first?.caption).toBe('Halo Rina');
    expect(second?.caption).toBe('Halo Sari');
    expect(second?.url).toBe(first?.url);
    expect(Buffer.from(second?.mediaKey ?? []).equals(Buffer.from(first?.mediaKey ?? []))).toBe(true);

    await session.sendMessage(rina, { text: 'Lain', media: { ...image, bytes: Buffer.from('gambar lain') } });
    expect(socket().uploads).toEqual(['image', 'image']);
  });

  it('is uploaded once when sends of it overlap', async () => {
    const { session, socket } = await openLinked();
    socket().uploadDelayMs = 30;
    await Promise.all([
      session.sendMessage(rina, { text: 'a', media: image }),
      session.sendMessage('6285712345679', { text: 'b', media: image }),
    ]);
    expect(socket().uploads).toEqual(['image']);
  });

  it('is uploaded again after a send of it fails', async () => {
    const { session, socket } = await openLinked();
    await session.sendMessage(rina, { text: 'a', media: image });
    socket().ackError = '479';
    await session.sendMessage(rina, { text: 'b', media: image }).catch(() => undefined);
    socket().ackError = null;
    await session.sendMessage(rina, { text: 'c', media: image });
    expect(socket().uploads).toEqual(['image', 'image']);
  });

  it('takes its upload out of the ack timeout, under a limit of its own', async () => {
    const slow = await openLinked({ uploadTimeoutMs: 1000 });
    // The send timeout of the fake driver is 50 ms.
    slow.socket().uploadDelayMs = 150;
    expect(await slow.session.sendMessage(rina, { text: 'a', media: image })).toMatchObject({ id: expect.any(String) });

    const stuck = await openLinked({ uploadTimeoutMs: 100 });
    stuck.socket().uploadDelayMs = 300;
    const failure = await stuck.session.sendMessage(rina, { text: 'a', media: image }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'transient', code: 'upload-timeout' });
    expect(stuck.socket().ended).toBe(false);
    expect(stuck.socket().sent).toEqual([]);
    expect(stuck.socket().presence).toEqual([]);
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
