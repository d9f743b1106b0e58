// The fake WhatsApp endpoint of the driver's tests (apps/server/test/fake-wa) as a process of its own, for a
// benchmark whose process should hold the sessions alone: forked with tsx and an IPC channel, it reports its
// address and root once listening, then links a phone per message (`{ id, number, lid, qr }`: the phone
// scans that QR), puts contacts on WhatsApp (`{ id, contacts: [number, lid][] }`) or has WhatsApp answer a
// token issuance with the contacts' own tokens (`{ id, givesTokens: true }`), and answers `{ id }`, or
// `{ id, error }`. It ends when its parent does.
import { FakeWhatsApp } from './endpoint.ts';
import { Phone } from './phone.ts';
import { TEST_ROOT, TEST_ROOT_SERIAL } from './trust.ts';

const send = (message: object) => process.send?.(message);
const endpoint = await FakeWhatsApp.start();

type Ask =
  | { id: number; number: string; lid: string; qr: string }
  | { id: number; contacts: [string, string][] }
  | { id: number; givesTokens: boolean };

process.on('message', (message: Ask) => {
  if ('givesTokens' in message) {
    endpoint.givesTokens = message.givesTokens;
    send({ id: message.id });
    return;
  }
  if ('contacts' in message) {
    for (const [number, lid] of message.contacts) endpoint.addContact(number, lid);
    send({ id: message.id });
    return;
  }
  const phone = endpoint.addPhone(new Phone(message.number, message.lid));
  endpoint.scan(phone, message.qr).then(
    () => send({ id: message.id }),
    (error: unknown) => send({ id: message.id, error: String(error) }),
  );
});
process.on('disconnect', () => {
  void endpoint.close().finally(() => process.exit(endpoint.failures.length === 0 ? 0 : 1));
});
send({
  url: endpoint.url,
  root: Buffer.from(TEST_ROOT.public).toString('base64'),
  serial: TEST_ROOT_SERIAL,
});
