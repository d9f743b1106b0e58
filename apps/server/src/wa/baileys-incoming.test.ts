/**
 * Replies from contacts WhatsApp addresses by LID (issue 22), written by the contact's phone on the fake
 * WhatsApp endpoint (test/fake-wa) and decrypted by Baileys 7's real socket: passed on by the phone number the
 * message names (`sender_pn`), else the one the account's LID map learned, so that a STOP from `…@lid` opts
 * that number out.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { writeFromPhone, writeUnreadable } from '../../test/fake-wa/writes.ts';
import { until } from '../../test/until.ts';
import type { SessionEvent } from './driver.ts';

const wa = useFakeWhatsApp();

/** A linked session whose driver logs at `error` into `lines`, and Rina, a contact known by her LID. */
async function linked() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger: ReturnType<typeof pino> = pino({ level: 'error' }, stream);
  const wired = await wa.linked({}, { logger });
  return { ...wired, lines, rina: wa.endpoint.addContact('6285712345678', '88000111222001') };
}

const messages = (events: SessionEvent[]) => events.filter((event) => event.type === 'message');

describe('a reply from a contact addressed by LID', () => {
  it('is passed on by the phone number the message names beside the LID, and acknowledged to the LID', async () => {
    const { events, rina } = await linked();
    const id = await wa.endpoint.write(rina, 'STOP');
    await expect.poll(() => messages(events)).toEqual([{ type: 'message', from: rina.number, text: 'STOP' }]);
    // Baileys' delivery receipt to the LID is the message's acknowledgement (WhatsApp Web's way).
    const receipt = await wa.endpoint.latest().next((node) => node.tag === 'receipt' && node.attrs.id === id);
    expect(receipt.attrs).toMatchObject({ to: `${rina.lid}@lid`, type: 'inactive' });
  });

  it('is passed on by the number the LID map learned when the message names none, and dropped when no one knows the LID', async () => {
    const { session, events, lines, rina } = await linked();
    const stranger = wa.endpoint.addContact('6285700000009', '555000111222333');
    // A send to Rina: WhatsApp's device look-up named her LID, which Baileys keeps.
    await session.sendMessage(rina.number, { text: 'Promo' });
    await wa.endpoint.write(stranger, 'STOP', { senderPn: false });
    await wa.endpoint.write(rina, 'STOP', { senderPn: false });
    await expect.poll(() => messages(events)).toEqual([{ type: 'message', from: rina.number, text: 'STOP' }]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        account: 'wired-1',
        lid: `${stranger.lid}@lid`,
        msg: 'message from a LID with no known phone number dropped',
      }),
    );
  });
});

describe('what people write to the account', () => {
  it('is passed on as text or the title of the button answered, also when written while offline, and nothing from the account itself or groups', async () => {
    const { events, rina, socket } = await linked();
    const upserted = new Set<string>();
    socket().ev.on('messages.upsert', ({ messages: upsert }) => {
      for (const message of upsert) upserted.add(message.key.id ?? '');
    });
    const sari = wa.endpoint.addContact('6285712345679', '88000111222002');
    const dewi = wa.endpoint.addContact('6285712345670', '88000111222003');
    await wa.endpoint.write(rina, 'STOP', { id: 'M1' });
    await wa.endpoint.write(sari, { buttonsResponseMessage: { selectedDisplayText: 'Berhenti' } }, { id: 'M2' });
    await writeFromPhone(wa.endpoint, dewi, 'halo', 'M3', 'Toko Sewa');
    writeUnreadable(wa.endpoint, '120363012345@g.us', dewi, 'M4');
    // Held while the device was offline: Baileys passes it on as `append`, not `notify`; a STOP all the same.
    await wa.endpoint.write(dewi, 'STOP', { id: 'M5', offline: true });
    const connection = wa.endpoint.latest();
    await connection.next((node) => node.tag === 'ack' && node.attrs.id === 'M4');
    await until(() => ['M1', 'M2', 'M3', 'M5'].every((id) => upserted.has(id)), 10_000);
    // The driver passes messages on in the order Baileys gave them: once the last is passed, all were read.
    await wa.endpoint.write(rina, 'terakhir', { id: 'M6' });
    await expect.poll(() => messages(events).length).toBe(4);
    // Baileys takes offline messages through a queue of their own: the one offline may come later.
    expect(messages(events).filter((event) => event.from !== dewi.number)).toEqual([
      { type: 'message', from: rina.number, text: 'STOP' },
      { type: 'message', from: sari.number, text: 'Berhenti' },
      { type: 'message', from: rina.number, text: 'terakhir' },
    ]);
    expect(messages(events).filter((event) => event.from === dewi.number)).toEqual([
      { type: 'message', from: dewi.number, text: 'STOP' },
    ]);
  });

  it('is heard inside disappearing and view-once messages', async () => {
    const { events, rina } = await linked();
    const sari = wa.endpoint.addContact('6285712345679', '88000111222002');
    const dewi = wa.endpoint.addContact('6285712345670', '88000111222003');
    await wa.endpoint.write(rina, { ephemeralMessage: { message: { extendedTextMessage: { text: 'STOP' } } } });
    await wa.endpoint.write(sari, { viewOnceMessageV2: { message: { conversation: 'STOP' } } });
    await wa.endpoint.write(dewi, {
      ephemeralMessage: { message: { viewOnceMessage: { message: { conversation: 'stop' } } } },
    });
    await expect
      .poll(() => messages(events))
      .toEqual([
        { type: 'message', from: rina.number, text: 'STOP' },
        { type: 'message', from: sari.number, text: 'STOP' },
        { type: 'message', from: dewi.number, text: 'stop' },
      ]);
  });
});
