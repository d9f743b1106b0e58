/**
 * The driver against a fake WhatsApp endpoint (test/fake-wa): Baileys' real socket over a real WebSocket,
 * the Noise handshake, binary frames both ways, nothing of Baileys stood in for.
 */
import { describe, expect, it } from 'vitest';
import { until } from '../../test/baileys-fake.ts';
import { Phone } from '../../test/fake-wa/phone.ts';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import type { SessionEvent } from './driver.ts';

const wa = useFakeWhatsApp();

const qrs = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'qr' ? [event.qr] : []));

describe('linking an account through the fake endpoint', () => {
  it('shows a QR, pairs when the phone scans it, restarts on 515 and opens logged in with the stored creds', async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567001', '99000111222333'));
    const { events, sockets } = await wa.open();
    await until(() => qrs(events).length === 1, 10_000);
    await wa.endpoint.scan(phone, qrs(events)[0] as string);
    await until(() => events.some((event) => event.type === 'connection' && event.state === 'connected'), 10_000);
    expect(events.find((event) => event.type === 'authenticated')).toEqual({
      type: 'authenticated',
      phonenumber: '6281234567001',
      pushname: '',
    });
    // The 515 put the session on a second socket, which logged in as the paired device.
    expect(sockets).toHaveLength(2);
    expect(
      wa.endpoint.connections.map((connection) => (connection.payload?.devicePairingData ? 'register' : 'login')),
    ).toEqual(['register', 'login']);
    expect(phone.devices.map((device) => device.device)).toEqual([12]);
  });
});
