/**
 * Linking as WhatsApp does it in 2026 (issue 22, item 1), through Baileys 7's real socket against the fake
 * WhatsApp endpoint (test/fake-wa): a registration refresh mid-link renews the QR's secret, and a passkey
 * request ends the link with why instead of looping QR codes.
 */
import type { BinaryNode } from 'baileys';
import { describe, expect, it } from 'vitest';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { until } from '../../test/until.ts';
import type { SessionEvent } from './driver.ts';

const wa = useFakeWhatsApp();

const notification = (type: string, child: string, id = `n-${type}`): BinaryNode => ({
  tag: 'notification',
  attrs: { id, type, from: 's.whatsapp.net' },
  content: [{ tag: child, attrs: {} }],
});
/** The ack Baileys' socket wrote for notification `id`. */
const ackOf = (id: string) =>
  wa.endpoint
    .latest()
    .next((node) => node.tag === 'ack' && node.attrs.class === 'notification' && node.attrs.id === id);
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
    // WhatsApp's QR refs follow each other every second instead of 20 s.
    const { events } = await wa.open({}, {}, { qrTimeout: 1000 });
    await until(() => qrs(events).length === 1, 10_000);
    wa.endpoint.latest().send(notification('companion_reg_refresh', 'companion_reg_refresh'));
    const ack = await ackOf('n-companion_reg_refresh');
    expect(ack.attrs).toEqual({
      id: 'n-companion_reg_refresh',
      to: 's.whatsapp.net',
      class: 'notification',
      type: 'companion_reg_refresh',
    });
    const [renewed, before] = [qrs(events).at(-1) as string, qrs(events).at(-2) as string];
    expect(secretOf(renewed)).not.toBe(secretOf(before));
    expect(secretOf(renewed)).toBe(storedSecret(events));
    // The same ref: only the secret changed.
    expect(renewed.split(',')[0]).toBe(before.split(',')[0]);
    // Baileys' next QR (the next ref) comes with the secret it read when pairing began; it is passed on new.
    const shown = qrs(events).length;
    await until(() => qrs(events).length === shown + 1, 10_000);
    expect(qrs(events).at(-1)?.split(',')[0]).not.toBe(renewed.split(',')[0]);
    expect(secretOf(qrs(events).at(-1) as string)).toBe(storedSecret(events));
  });

  it('ignores a refresh without the expected child', async () => {
    const { events } = await wa.open();
    await until(() => qrs(events).length === 1, 10_000);
    wa.endpoint.latest().send(notification('companion_reg_refresh', 'something-else', 'n-other'));
    // A refresh as WhatsApp sends it, after: once it is acked, the one before was read too.
    wa.endpoint.latest().send(notification('companion_reg_refresh', 'companion_reg_refresh'));
    await ackOf('n-companion_reg_refresh');
    expect(new Set(qrs(events).map(secretOf)).size).toBe(2);
    expect(qrs(events)).toHaveLength(2);
  });
});

describe('a passkey request during a link', () => {
  it('ends the link at once as refused for a passkey, acked, with no more QR codes', async () => {
    const { events, sockets } = await wa.open();
    await until(() => qrs(events).length === 1, 10_000);
    const connection = wa.endpoint.latest();
    connection.send(notification('passkey_prologue_request', 'passkey_request_options'));
    await ackOf('n-passkey_prologue_request');
    await until(() => connection.closed, 10_000);
    expect(events.at(-1)).toEqual({
      type: 'connection',
      state: 'loggedOut',
      refusal: 'passkey',
      reason: 'WhatsApp asks this link to be confirmed with a passkey (passkey_prologue_request)',
    });
    expect(sockets).toHaveLength(1);
    expect(qrs(events)).toHaveLength(1);
  });
});
