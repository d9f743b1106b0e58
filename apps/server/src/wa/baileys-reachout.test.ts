/**
 * A send WhatsApp refuses with 463 (issue 22), through Baileys 7's real socket: its USync look-ups, LID map,
 * signal sessions, token issuance and timelock query answered frame by frame (test/baileys-wire-whatsapp.ts).
 * Resent once to the LID the contact moved to, or once after a trusted-contact token was fetched, or passed
 * on as a timelock with its end; a timelock WhatsApp pushes keeps sends back until its end.
 */
import * as baileys from 'baileys';
import { describe, expect, it } from 'vitest';
import { until } from '../../test/baileys-fake.ts';
import { frame } from '../../test/baileys-wire.ts';
import { useWire } from '../../test/baileys-wire-suite.ts';
import { linkedCreds, WireWhatsApp } from '../../test/baileys-wire-whatsapp.ts';
import { toJson } from './baileys-keys.ts';

const wire = useWire();

const rina = '6285712345678';
const rinaPhone = `${rina}@s.whatsapp.net`;
const rinaLid = '123456789012345@lid';

/** A linked session on Baileys' real socket, open, whose frames the fake WhatsApp answers. */
async function linked() {
  const wired = await wire.open({ authState: { creds: toJson(baileys, linkedCreds()) } }, { sendTimeoutMs: 10_000 });
  const whatsapp = new WireWhatsApp(wired.socket);
  wire.listen(whatsapp.take);
  // Baileys' own event: the noise handshake a real server would finish is not played here.
  (wired.socket().ev as unknown as baileys.BaileysEventEmitter).emit('connection.update', { connection: 'open' });
  await until(() => wired.events.some((event) => event.type === 'connection' && event.state === 'connected'));
  return { ...wired, whatsapp };
}

const stanzas = (whatsapp: WireWhatsApp) => whatsapp.messages.map((node) => [node.attrs.to, node.attrs.id]);
const hasTcToken = (node: baileys.BinaryNode | undefined) =>
  Array.isArray(node?.content) && node.content.some((child) => child.tag === 'tctoken');
const secondsOf = (date: Date) => String(Math.floor(date.getTime() / 1000));

describe('a send refused with 463', () => {
  it('goes once more to the LID WhatsApp moved the contact to, under the same id, and later sends go there at once', async () => {
    const { session, whatsapp } = await linked();
    whatsapp.contacts.set(rina, rinaLid);
    whatsapp.refuse = (stanza) => (stanza.attrs.to === rinaPhone ? '463' : null);
    expect(await session.sendMessage(rina, { text: 'Halo' }, '3EB0LID1')).toEqual({ id: '3EB0LID1' });
    await session.sendMessage(rina, { text: 'Halo lagi' }, '3EB0LID2');
    expect(stanzas(whatsapp)).toEqual([
      [rinaPhone, '3EB0LID1'],
      [rinaLid, '3EB0LID1'],
      [rinaLid, '3EB0LID2'],
    ]);
  });

  it('goes once more after the trusted-contact token was fetched, carrying it', async () => {
    const { session, whatsapp } = await linked();
    whatsapp.contacts.set(rina, rinaLid);
    whatsapp.refuse = (stanza) => (stanza.attrs.to === rinaPhone ? '463' : null);
    await session.sendMessage(rina, { text: 'Halo' }, '3EB0TC1');
    // Now addressed by its LID, and refused there until the message carries the contact's token.
    whatsapp.givesTokens = true;
    whatsapp.refuse = (stanza) => (hasTcToken(stanza) ? null : '463');
    expect(await session.sendMessage(rina, { text: 'Halo lagi' }, '3EB0TC2')).toEqual({ id: '3EB0TC2' });
    expect(stanzas(whatsapp).slice(2)).toEqual([
      [rinaLid, '3EB0TC2'],
      [rinaLid, '3EB0TC2'],
    ]);
    expect(hasTcToken(whatsapp.messages[3])).toBe(true);
  });

  it('is passed on as a timelock with the end WhatsApp answers, without a second try', async () => {
    const { session, whatsapp } = await linked();
    const end = new Date(Date.now() + 3_600_000);
    whatsapp.contacts.set(rina, rinaLid);
    whatsapp.givesTokens = true;
    whatsapp.timelock = { is_active: true, time_enforcement_ends: secondsOf(end) };
    whatsapp.refuse = () => '463';
    await expect(session.sendMessage(rina, { text: 'Halo' })).rejects.toMatchObject({
      kind: 'restricted',
      code: '463',
      until: new Date(Number(secondsOf(end)) * 1000),
    });
    expect(whatsapp.messages).toHaveLength(1);
  });

  it('is a restriction of unknown cause when it is neither, sent once', async () => {
    const { session, whatsapp } = await linked();
    whatsapp.contacts.set(rina, rinaLid);
    whatsapp.refuse = () => '463';
    await expect(session.sendMessage(rina, { text: 'Halo' })).rejects.toMatchObject({
      kind: 'restricted',
      code: '463',
      until: null,
    });
    // The LID, the one more try a 463 of a phone-number send gets; then nothing more.
    expect(stanzas(whatsapp).map(([to]) => to)).toEqual([rinaPhone, rinaLid]);
  });
});

describe('a timelock WhatsApp pushes', () => {
  const notification = (payload: object): baileys.BinaryNode => ({
    tag: 'notification',
    attrs: { id: `mex-${Math.random()}`, type: 'mex', from: 's.whatsapp.net' },
    content: [
      {
        tag: 'update',
        attrs: { op_name: 'NotificationUserReachoutTimelockUpdate' },
        content: Buffer.from(JSON.stringify({ data: { xwa2_notify_account_reachout_timelock: payload } })),
      },
    ],
  });

  it('keeps every send back until its end, nothing written, and lets them go once lifted', async () => {
    const { session, whatsapp, socket } = await linked();
    whatsapp.contacts.set(rina, rinaLid);
    const end = new Date(Date.now() + 600_000);
    // Baileys passes the notification on as connection.update; the session heard it before this listener.
    const told = () =>
      new Promise<void>((resolve) =>
        socket().ev.on('connection.update', (update) => update.reachoutTimeLock && resolve()),
      );
    const locked = told();
    frame(socket(), notification({ is_active: true, time_enforcement_ends: secondsOf(end) }));
    await locked;
    await expect(session.sendMessage(rina, { text: 'Halo' })).rejects.toMatchObject({
      kind: 'restricted',
      until: new Date(Number(secondsOf(end)) * 1000),
    });
    expect(whatsapp.messages).toEqual([]);

    const lifted = told();
    frame(socket(), notification({ is_active: false }));
    await lifted;
    await session.sendMessage(rina, { text: 'Halo' });
    expect(whatsapp.messages).toHaveLength(1);
  });
});
