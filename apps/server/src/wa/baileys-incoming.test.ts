/**
 * Replies from contacts WhatsApp addresses by LID (issue 22), decrypted by Baileys 7's real socket from
 * frames a contact's own signal session encrypted: passed on by the phone number the message names
 * (`sender_pn`), else the one the account's LID map learned, so that a STOP from `…@lid` opts that number out.
 */
import { Writable } from 'node:stream';
import * as baileys from 'baileys';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { until } from '../../test/baileys-fake.ts';
import { frame } from '../../test/baileys-wire.ts';
import { useWire } from '../../test/baileys-wire-suite.ts';
import { linkedCreds, WireContact, WireWhatsApp } from '../../test/baileys-wire-whatsapp.ts';
import { toJson } from './baileys-keys.ts';
import type { SessionEvent } from './driver.ts';

const wire = useWire();

const rina = '6285712345678';
const rinaLid = '123456789012345@lid';

async function linked() {
  const creds = linkedCreds();
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger: ReturnType<typeof pino> = pino({ level: 'error' }, stream);
  const wired = await wire.open({ authState: { creds: toJson(baileys, creds) } }, { logger });
  const whatsapp = new WireWhatsApp(wired.socket);
  wire.listen(whatsapp.take);
  (wired.socket().ev as unknown as baileys.BaileysEventEmitter).emit('connection.update', { connection: 'open' });
  await until(() => wired.events.some((event) => event.type === 'connection' && event.state === 'connected'));
  return { ...wired, whatsapp, creds, lines };
}

const messages = (events: SessionEvent[]) => events.filter((event) => event.type === 'message');

describe('a reply from a contact addressed by LID', () => {
  it('is passed on by the phone number the message names beside the LID', async () => {
    const { events, socket, creds } = await linked();
    const contact = new WireContact(rinaLid, creds);
    frame(socket(), await contact.message('STOP', { sender_pn: `${rina}@s.whatsapp.net` }));
    await expect.poll(() => messages(events)).toEqual([{ type: 'message', from: rina, text: 'STOP' }]);
  });

  it('is passed on by the number the LID map learned when the message names none, and dropped when no one knows the LID', async () => {
    const { session, events, socket, whatsapp, creds, lines } = await linked();
    // A send to Rina: WhatsApp's device look-up named her LID, which Baileys keeps.
    whatsapp.contacts.set(rina, rinaLid);
    await session.sendMessage(rina, { text: 'Promo' });
    frame(socket(), await new WireContact('555000111222333@lid', creds).message('STOP'));
    frame(socket(), await new WireContact(rinaLid, creds).message('STOP'));
    await expect.poll(() => messages(events)).toEqual([{ type: 'message', from: rina, text: 'STOP' }]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        account: 'wired-1',
        lid: '555000111222333@lid',
        msg: 'message from a LID with no known phone number dropped',
      }),
    );
  });
});
