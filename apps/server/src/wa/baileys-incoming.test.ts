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
