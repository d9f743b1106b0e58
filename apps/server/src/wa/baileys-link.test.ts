/**
 * Linking as WhatsApp does it in 2026 (issue 22, item 1), through Baileys 7's real socket and its own frame
 * dispatch: a registration refresh mid-link renews the QR's secret, and a passkey request ends the link
 * with why instead of looping QR codes.
 */
import type { BinaryNode } from 'baileys';
import { describe, expect, it } from 'vitest';
import { until } from '../../test/baileys-fake.ts';
import { frame } from '../../test/baileys-wire.ts';
import { useWire } from '../../test/baileys-wire-suite.ts';
import type { SessionEvent } from './driver.ts';

const wire = useWire();

/** A link on Baileys' real socket, its QR codes following each other every 300 ms instead of 20 s. */
async function linking() {
  return wire.open({}, {}, { qrTimeout: 300 });
}

/** WhatsApp's offer of QR refs (a new node each time: Baileys takes the refs out of the one it gets). */
const pairDevice = (): BinaryNode => ({
  tag: 'iq',
  attrs: { id: 'pd-1', type: 'set', from: 's.whatsapp.net' },
  content: [
    {
      tag: 'pair-device',
      attrs: {},
      content: ['ref-1', 'ref-2', 'ref-3'].map((ref) => ({ tag: 'ref', attrs: {}, content: Buffer.from(ref) })),
    },
  ],
});
const notification = (type: string, child: string): BinaryNode => ({
  tag: 'notification',
  attrs: { id: `n-${type}`, type, from: 's.whatsapp.net' },
  content: [{ tag: child, attrs: {} }],
});
const qrs = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'qr' ? [event.qr] : []));
const secretOf = (qr: string) => qr.split('#')[1]?.split(',')[3];
const storedSecret = (events: SessionEvent[]) => {
  const last = events.findLast((event) => event.type === 'auth-state');
  return last?.type === 'auth-state'
    ? (last.authState as { creds: { advSecretKey: string } }).creds.advSecretKey
    : null;
};

describe('companion_reg_refresh during a QR link', () => {
  it('acks it, stores a new ADV secret and shows the QR again with it, as every later one', async () => {
    const { events, socket, sentNodes } = await linking();
    frame(socket(), pairDevice());
    await until(() => qrs(events).length === 1);
    const first = qrs(events)[0] as string;

    frame(socket(), notification('companion_reg_refresh', 'companion_reg_refresh'));
    await until(() => qrs(events).length === 2);
    const renewed = qrs(events)[1] as string;
    expect(secretOf(renewed)).not.toBe(secretOf(first));
    expect(secretOf(renewed)).toBe(storedSecret(events));
    // The same ref: only the secret changed.
    expect(renewed.split(',')[0]).toBe(first.split(',')[0]);
    // Baileys' next QR (the next ref) comes with the secret it read when pairing began; it is passed on new.
    await until(() => qrs(events).length === 3);
    expect(qrs(events)[2]?.split(',')[0]).toContain('ref-2');
    expect(secretOf(qrs(events)[2] as string)).toBe(storedSecret(events));
    expect(sentNodes).toContainEqual({
      tag: 'ack',
      attrs: {
        id: 'n-companion_reg_refresh',
        to: 's.whatsapp.net',
        class: 'notification',
        type: 'companion_reg_refresh',
      },
    });
  });

  it('ignores a refresh without the expected child', async () => {
    const { events, socket } = await linking();
    frame(socket(), pairDevice());
    await until(() => qrs(events).length === 1);
    frame(socket(), notification('companion_reg_refresh', 'something-else'));
    await until(() => qrs(events).length === 2);
    expect(secretOf(qrs(events)[1] as string)).toBe(secretOf(qrs(events)[0] as string));
  });
});

describe('a passkey request during a link', () => {
  it('ends the link at once as refused for a passkey, acked, with no more QR codes', async () => {
    const { events, socket, sentNodes, sockets } = await linking();
    frame(socket(), pairDevice());
    await until(() => qrs(events).length === 1);
    frame(socket(), notification('passkey_prologue_request', 'passkey_request_options'));
    expect(events.at(-1)).toEqual({
      type: 'connection',
      state: 'loggedOut',
      refusal: 'passkey',
      reason: 'WhatsApp asks this link to be confirmed with a passkey (passkey_prologue_request)',
    });
    expect(sentNodes).toContainEqual({
      tag: 'ack',
      attrs: {
        id: 'n-passkey_prologue_request',
        to: 's.whatsapp.net',
        class: 'notification',
        type: 'passkey_prologue_request',
      },
    });
    await until(() => !socket().ws.isOpen);
    expect(sockets).toHaveLength(1);
    expect(qrs(events)).toHaveLength(1);
  });
});
