/** After WhatsApp took a message: receipts, retry requests answered from the store, and 463 on cold contacts. */
import { describe, expect, it } from 'vitest';
import type { SendError, SentMessageStore } from './driver.ts';
import { QUIET_RATES, SimulatorDriver, type SimulatorRates } from './simulator.ts';
import { isState, record, until } from './simulator-test-kit.ts';

const linkedCredentials = { simulator: { phonenumber: '6281200000009', pushname: 'Uji' } };

function mapStore() {
  const entries = new Map<string, Uint8Array>();
  const store: SentMessageStore = {
    get: async (id) => entries.get(id),
    put: async (id, content) => {
      entries.set(id, content);
    },
  };
  return { entries, store };
}

async function connected(rates: Partial<SimulatorRates>, sentMessages?: SentMessageStore) {
  const driver = new SimulatorDriver({
    seed: 21,
    scanMs: 600_000,
    delayMs: [1, 2],
    receiptMs: [5, 10],
    laterMs: [5, 10],
    rates: { ...QUIET_RATES, ...rates },
  });
  const session = await driver.open({ deviceId: 'out-1', authState: linkedCredentials, sentMessages });
  const events = record(session);
  await until(() => events.some(isState('connected')));
  return { driver, session, events };
}

describe('the simulator after a send', () => {
  it("refuses cold contacts with 463 and the timelock's end while one runs, never a number already reached", async () => {
    const { driver, session } = await connected({ restricted: 0 });
    await session.sendMessage('628111', { text: 'warm' });
    const before = Date.now();
    driver.control('out-1', 'restrict');
    const refused = await session.sendMessage('628222', { text: 'cold' }).catch((error: SendError) => error);
    expect(refused).toMatchObject({ kind: 'restricted', code: '463' });
    const end = (refused as SendError).until?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(before + 10 * 60_000);
    await expect(session.sendMessage('628111', { text: 'again' })).resolves.toMatchObject({ id: expect.any(String) });
    await session.close();
  });

  it('fetches a missing token for a cold contact and sends once more: the message arrives', async () => {
    const { driver, session } = await connected({ restricted: 1 });
    await session.sendMessage('628333', { text: 'cold' });
    await session.sendMessage('628333', { text: 'warm now' });
    expect(driver.tcTokenFetchesBy('out-1')).toBe(1);
    expect(driver.sentBy('out-1').map((sent) => sent.text)).toEqual(['cold', 'warm now']);
    await session.close();
  });

  it('sends to the LID a contact moved to, once its phone number answered 463', async () => {
    const { driver, session } = await connected({ lidContacts: 1 });
    const { id } = await session.sendMessage('628444', { text: 'Halo' });
    expect(driver.sentBy('out-1')).toMatchObject([{ id, to: '628444', lid: expect.stringMatching(/@lid$/) }]);
    await session.close();
  });

  it('passes a reply from a LID on by the number sent to under it, and drops one from a LID it never met', async () => {
    const { driver, session, events } = await connected({ lidContacts: 1 });
    await session.sendMessage('628444', { text: 'Halo' });
    const lid = driver.sentBy('out-1')[0]?.lid ?? '';
    driver.control('out-1', 'reply', { reply: { from: '999888777@lid', text: 'STOP' } });
    driver.control('out-1', 'reply', { reply: { from: lid, text: 'STOP' } });
    expect(events.filter((event) => event.type === 'message')).toEqual([
      { type: 'message', from: '628444', text: 'STOP' },
    ]);
    await session.close();
  });

  it('reports delivered and then read for the id the send answered', async () => {
    const { session, events } = await connected({ delivered: 1, read: 1 });
    const { id } = await session.sendMessage('628111', { text: 'x' });
    await until(() => events.some((event) => event.type === 'receipt' && event.status === 'read'));
    const receipts = events.filter((event) => event.type === 'receipt');
    expect(receipts).toEqual([
      { type: 'receipt', id, status: 'delivered' },
      { type: 'receipt', id, status: 'read' },
    ]);
    await session.close();
  });

  it('sends nothing back when no receipt is rolled, until one is forced', async () => {
    const { driver, session, events } = await connected({ delivered: 0 });
    const { id } = await session.sendMessage('628111', { text: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(events.some((event) => event.type === 'receipt')).toBe(false);
    driver.control('out-1', 'delivered');
    expect(events.at(-1)).toEqual({ type: 'receipt', id, status: 'delivered' });
    await session.close();
  });

  it('answers a retry request from the sent-message store, and counts one whose message is gone', async () => {
    const { entries, store } = mapStore();
    const { driver, session } = await connected({ retryRequest: 1 }, store);
    const { id } = await session.sendMessage('628111', { text: 'Halo' });
    expect(JSON.parse(new TextDecoder().decode(entries.get(id)))).toEqual({ to: '628111', text: 'Halo', media: null });
    await until(() => driver.sentBy('out-1').length === 2);
    expect(driver.sentBy('out-1').map((sent) => [sent.id, sent.text, sent.retry])).toEqual([
      [id, 'Halo', false],
      [id, 'Halo', true],
    ]);

    entries.clear();
    driver.control('out-1', 'retry');
    await until(() => driver.retryMissesBy('out-1') === 1);
    expect(driver.sentBy('out-1')).toHaveLength(2);
    await session.close();
  });
});
