/**
 * A contact's trusted-contact token through Baileys 7's real socket and the fake WhatsApp endpoint
 * (test/fake-wa): WhatsApp answers the token the account issues after its first message to a contact with
 * the contact's own, which later messages must carry or be refused with 463. Baileys stores it from work
 * that outlives the send's key-store transaction (wa/baileys-transactions.ts); it must reach the store, and
 * a session opened again from the stored creds and keys must send it.
 */
import { describe, expect, it } from 'vitest';
import { connectedCount, useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { until } from '../../test/until.ts';
import { memoryKeyStore } from './baileys-keys.ts';
import type { SessionEvent } from './driver.ts';

const wa = useFakeWhatsApp();

const rinaNumber = '6285712345678';
const rinaLid = '88000111222001';
const rinaToken = `tctoken:${rinaLid}@lid`;

const lastCreds = (events: SessionEvent[]) => events.findLast((event) => event.type === 'auth-state');

describe("a contact's trusted-contact token", () => {
  it('answered to the first message is stored, and sent with the next one after a restart', async () => {
    const keyStore = memoryKeyStore();
    wa.endpoint.givesTokens = true;
    const { session, events } = await wa.linked({ keyStore }, { sendTimeoutMs: 10_000 });
    wa.endpoint.addContact(rinaNumber, rinaLid);
    await session.sendMessage(rinaNumber, { text: 'Halo' }, '3EB0TOKEN1');
    await expect
      .poll(async () => (await keyStore.get([rinaToken]))[rinaToken], { timeout: 10_000 })
      .toMatchObject({ token: expect.anything() });
    await session.close();

    const stored = lastCreds(events);
    if (stored?.type !== 'auth-state') throw new Error('no creds given');
    const again = await wa.open({ keyStore, authState: stored.authState }, { sendTimeoutMs: 10_000 });
    await until(() => connectedCount(again.events) === 1, 10_000);
    await again.session.sendMessage(rinaNumber, { text: 'Halo lagi' }, '3EB0TOKEN2');
    const relayed = wa.endpoint.messages.relayed.find((message) => message.id === '3EB0TOKEN2');
    const token = Array.isArray(relayed?.node.content)
      ? relayed.node.content.find((child) => child.tag === 'tctoken')
      : undefined;
    expect(Buffer.from(token?.content as Uint8Array).toString()).toBe(`token-of-${rinaNumber}@s.whatsapp.net`);
  });
});
