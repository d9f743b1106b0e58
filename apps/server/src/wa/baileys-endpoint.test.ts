/**
 * The driver against a fake WhatsApp endpoint (test/fake-wa): Baileys' real socket over a real WebSocket,
 * the Noise handshake, binary frames both ways, nothing of Baileys stood in for.
 */
import { Curve, WA_CERT_DETAILS } from 'baileys';
import { describe, expect, it } from 'vitest';
import { Phone } from '../../test/fake-wa/phone.ts';
import { connectedCount, useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { until } from '../../test/until.ts';
import { sendTemplate } from '../engine/blast/send.ts';
import type { RetryPace } from '../engine/retry.ts';
import type { BaileysDriverOptions } from './baileys.ts';
import type { SessionEvent } from './driver.ts';

const wa = useFakeWhatsApp();

const qrs = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'qr' ? [event.qr] : []));
const codes = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'code' ? [event.code] : []));

describe('linking an account through the fake endpoint', () => {
  it('shows a QR, pairs when the phone scans it, restarts on 515 and opens logged in with the stored creds', async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567001', '99000111222333'));
    const { events, sockets, configs } = await wa.open();
    await until(() => qrs(events).length === 1, 10_000);
    await wa.endpoint.scan(phone, qrs(events)[0] as string);
    await until(() => events.some((event) => event.type === 'connection' && event.state === 'connected'), 10_000);
    // The account is announced once, when it opens; the 515 in between is no disconnection.
    expect(events.filter((event) => event.type !== 'qr' && event.type !== 'auth-state')).toEqual([
      { type: 'authenticated', phonenumber: '6281234567001', pushname: '' },
      { type: 'connection', state: 'connected' },
    ]);
    // The 515 put the session on a second socket at once, which logged in as the paired device.
    expect(sockets).toHaveLength(2);
    expect(configs[0]).toMatchObject({ printQRInTerminal: false, markOnlineOnConnect: false, syncFullHistory: false });
    // Not shown online: a blasting account never says it is available.
    const login = wa.endpoint.latest();
    expect(login.received.filter((node) => node.tag === 'presence')).toEqual([]);
    expect(
      wa.endpoint.connections.map((connection) => (connection.payload?.devicePairingData ? 'register' : 'login')),
    ).toEqual(['register', 'login']);
    expect(phone.devices.map((device) => device.device)).toEqual([12]);
  });

  it('pairs with the QR shown after WhatsApp retired the ADV secret mid-link (companion_reg_refresh)', async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567001', '99000111222333'));
    const { events } = await wa.open();
    await until(() => qrs(events).length === 1, 10_000);
    wa.endpoint.latest().send({
      tag: 'notification',
      attrs: { id: 'crr-1', type: 'companion_reg_refresh', from: 's.whatsapp.net' },
      content: [{ tag: 'companion_reg_refresh', attrs: {} }],
    });
    await until(() => qrs(events).length === 2, 10_000);
    const [before, after] = qrs(events) as [string, string];
    expect(after.split(',')[3]).not.toBe(before.split(',')[3]);
    // The phone reads the new secret from the QR on screen and signs the pairing with it.
    await wa.endpoint.scan(phone, after);
    await until(() => connectedCount(events) === 1, 10_000);
    expect(phone.devices).toHaveLength(1);
  });

  it('links by pairing code: the phone takes the 8 characters shown, pairs, restarts on 515 and opens logged in', async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567001', '99000111222333'));
    const { events, sockets } = await wa.open({ pairingNumber: phone.number });
    await until(() => codes(events).length === 1, 10_000);
    const [code] = codes(events) as [string];
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(qrs(events)).toEqual([]);
    await wa.endpoint.enterCode(phone, code);
    await until(() => connectedCount(events) === 1, 10_000);
    // Baileys names the number in the creds (`me.name: '~'`) while the code waits: no name of the account's.
    expect(events.filter((event) => event.type === 'profile')).toEqual([]);
    expect(events.find((event) => event.type === 'authenticated')).toMatchObject({ pushname: '' });
    expect(events.find((event) => event.type === 'authenticated')).toMatchObject({ phonenumber: phone.number });
    expect(sockets).toHaveLength(2);
    expect(
      wa.endpoint.connections.map((connection) => (connection.payload?.devicePairingData ? 'register' : 'login')),
    ).toEqual(['register', 'login']);
    expect(phone.devices.map((device) => device.device)).toEqual([12]);
  });

  it('links nothing when the phone is given another code than the one shown', async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567001', '99000111222333'));
    const { events } = await wa.open({ pairingNumber: phone.number });
    await until(() => codes(events).length === 1, 10_000);
    const wrong = codes(events)[0] === 'ABCD2345' ? 'ABCD2346' : 'ABCD2345';
    await expect(wa.endpoint.enterCode(phone, wrong)).rejects.toThrow('unable to authenticate data');
    expect(phone.devices).toEqual([]);
    expect(events.some((event) => event.type === 'authenticated')).toBe(false);
  });

  it("refuses a pair-success whose account signature is not the account key's, and links nothing", async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567001', '99000111222333'));
    const { events } = await wa.open();
    await until(() => qrs(events).length === 1, 10_000);
    await expect(wa.endpoint.scan(phone, qrs(events)[0] as string, { forged: true })).rejects.toThrow(
      'the client closed the connection first',
    );
    await until(() => events.some((event) => event.type === 'connection'), 10_000);
    expect(events).toContainEqual({
      type: 'connection',
      state: 'disconnected',
      reason: 'Failed to verify account signature',
    });
    expect(events.some((event) => event.type === 'authenticated')).toBe(false);
    expect(phone.devices).toEqual([]);
  });
});

describe('a device the phone unlinked', () => {
  it('is refused at its next login with 401, and the session ends logged out', async () => {
    const { events, phone, sockets } = await wa.link({}, { reconnectBaseMs: 20 });
    phone.devices.splice(0);
    wa.endpoint.latest().terminate();
    await until(() => events.some((event) => event.type === 'connection' && event.state === 'loggedOut'), 10_000);
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'loggedOut', reason: 'Connection Failure' });
    // The login was the paired device's, with the creds the link stored.
    const login = wa.endpoint.latest().payload;
    expect([String(login?.username), login?.device]).toEqual(['6281234567001', 12]);
    expect(sockets).toHaveLength(3);
  });
});

describe("WhatsApp's server certificates", () => {
  it('are refused when they do not chain to the root Baileys trusts: the handshake ends before the client says who it is', async () => {
    const trusted = { ...WA_CERT_DETAILS };
    Object.assign(WA_CERT_DETAILS, { PUBLIC_KEY: Buffer.from(Curve.generateKeyPair().public) });
    try {
      const { events } = await wa.open();
      await until(() => events.some((event) => event.type === 'connection'), 10_000);
      expect(events).toContainEqual({
        type: 'connection',
        state: 'disconnected',
        reason: 'noise intermediate certificate signature invalid',
      });
      expect(qrs(events)).toEqual([]);
      expect(wa.endpoint.latest().payload).toBeNull();
    } finally {
      Object.assign(WA_CERT_DETAILS, trusted);
    }
  });
});

const rinaNumber = '6285712345678';
const rinaLid = '88000111222001';

/**
 * A linked session, which reconnects at once when the driver ends a socket, and Rina, a contact on WhatsApp.
 * A test that loses an ack shortens the wait for it (`LOST_ACK_WAIT`).
 */
async function sending(driverOptions: BaileysDriverOptions = {}) {
  const wired = await wa.linked({}, { reconnectBaseMs: 20, ...driverOptions });
  return { ...wired, rina: wa.endpoint.addContact(rinaNumber, rinaLid) };
}

/** Long enough for an acked relay on a loaded machine; the lost one costs this once. */
const LOST_ACK_WAIT = { sendTimeoutMs: 3000 };

describe('a send whose ack the endpoint drops', () => {
  it('is relayed again under the same id by the retry rule, so the recipient gets one message', async () => {
    const { session, events, rina } = await sending(LOST_ACK_WAIT);
    wa.endpoint.messages.plans.push('drop');
    const slept: number[] = [];
    const pace: RetryPace = {
      session: () => session,
      halted: () => false,
      sleep: async (seconds) => void slept.push(seconds),
      attempting: async () => {},
      reconnected: async () => {
        await until(() => connectedCount(events) === 2, 10_000);
        return true;
      },
    };
    const outcome = await sendTemplate(pace, { number: rina.number, name: 'Rina' }, { text: 'Halo {name}' });
    if (outcome.status !== 'success') throw new Error(`not sent: ${JSON.stringify(outcome)}`);
    // One timeout, tried again 2 s later once the driver's fresh socket was connected.
    expect(slept).toEqual([2]);
    const [lost, again] = await wa.endpoint.messages.until(2);
    expect([lost?.id, again?.id]).toEqual([outcome.id, outcome.id]);
    // The first went out on the socket the driver ended for its missing ack, the second on its successor.
    expect(lost?.connection).not.toBe(again?.connection);
    expect(wa.endpoint.messages.relayed).toHaveLength(2);
    // Rina's phone reads the same message twice under one id: WhatsApp shows it once.
    const from = `${wa.endpoint.linkedJid()}`;
    for (const relayed of [lost, again]) {
      if (!relayed) throw new Error('missing relay');
      expect((await wa.endpoint.messages.read(relayed, rina, from)).extendedTextMessage?.text).toBe('Halo Rina');
    }
  });

  it("answers the recipient's retry receipt for it under its id: it was kept before its relay", async () => {
    const { session, events, rina } = await sending(LOST_ACK_WAIT);
    wa.endpoint.messages.plans.push('drop');
    await expect(session.sendMessage(rina.number, { text: 'Halo Rina' }, '3EB0LOSTACK')).rejects.toMatchObject({
      code: 'timeout',
    });
    await until(() => connectedCount(events) === 2, 10_000);
    wa.endpoint.messages.retryReceipt(
      wa.endpoint.latest(),
      '3EB0LOSTACK',
      `${rina.number}@s.whatsapp.net`,
      rina.device.registrationId,
    );
    const [lost, resent] = await wa.endpoint.messages.until(2);
    expect([lost?.id, resent?.id]).toEqual(['3EB0LOSTACK', '3EB0LOSTACK']);
    expect(resent?.connection).toBe(wa.endpoint.latest());
    expect(resent?.devices.map((device) => device.jid)).toContain(`${rina.number}@s.whatsapp.net`);
  });
});

describe('receipts from the recipient', () => {
  it('arrive as delivered, then read, for the id the send answered', async () => {
    const { session, events, rina } = await sending();
    const { id } = await session.sendMessage(rina.number, { text: 'Halo Rina' });
    const [relayed] = await wa.endpoint.messages.until(1);
    if (!relayed) throw new Error('nothing relayed');
    wa.endpoint.messages.receipt(relayed);
    await until(() => events.some((event) => event.type === 'receipt'), 10_000);
    wa.endpoint.messages.receipt(relayed, 'read');
    await until(() => events.filter((event) => event.type === 'receipt').length === 2, 10_000);
    expect(events.filter((event) => event.type === 'receipt')).toEqual([
      { type: 'receipt', id, status: 'delivered' },
      { type: 'receipt', id, status: 'read' },
    ]);
    // Baileys acknowledges each receipt to the server, as WhatsApp expects.
    const connection = wa.endpoint.latest();
    const receiptAcks = () =>
      connection.received.filter(
        (node) => node.tag === 'ack' && node.attrs.class === 'receipt' && node.attrs.id === id,
      );
    await until(() => receiptAcks().length === 2, 10_000);
  });
});
