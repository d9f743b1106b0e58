/**
 * A send WhatsApp refuses with 463 (issue 22), through Baileys 7's real socket connected to the fake
 * WhatsApp endpoint (test/fake-wa): its USync look-ups, LID map, signal sessions, token issuance and timelock
 * query answered frame by frame. Resent once to the LID the contact moved to, or once after a
 * trusted-contact token was fetched, or passed on as a timelock with its end; a timelock WhatsApp pushes
 * keeps sends back until its end. A 429 rate-overlimit, on a query a send makes or on the message's ack,
 * reaches the engine as the cool-down it waits out.
 */
import type { BinaryNode } from 'baileys';
import { describe, expect, it } from 'vitest';
import { RATE_OVERLIMIT } from '../../test/fake-wa/queries.ts';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { sendTemplate } from '../engine/blast/send.ts';
import type { RetryPace } from '../engine/retry.ts';
import { COOL_DOWN_S, restrictionWait } from '../engine/safety/restrict.ts';
import type { BaileysDriverOptions } from './baileys.ts';
import type { WaSession } from './driver.ts';

const wa = useFakeWhatsApp();

const rinaNumber = '6285712345678';
const rinaPhone = `${rinaNumber}@s.whatsapp.net`;
const rinaLid = '88000111222001';

/** A linked session on the endpoint, and Rina, a contact on WhatsApp known by her LID. */
async function sending(driverOptions: BaileysDriverOptions = {}) {
  const wired = await wa.linked({}, { sendTimeoutMs: 10_000, ...driverOptions });
  return { ...wired, rina: wa.endpoint.addContact(rinaNumber, rinaLid) };
}

const relays = () => wa.endpoint.messages.relayed.map((relayed) => [relayed.to, relayed.id]);
const hasTcToken = (node: BinaryNode | undefined) =>
  Array.isArray(node?.content) && node.content.some((child) => child.tag === 'tctoken');
/** WhatsApp names a timelock's end in whole seconds. */
const wholeSecondsAhead = (ms: number) => new Date(Math.ceil(Date.now() / 1000) * 1000 + ms);

describe('a send refused with 463', () => {
  it('is passed on as a timelock with the end WhatsApp names, without a second relay', async () => {
    const { session, rina } = await sending();
    const end = wholeSecondsAhead(3_600_000);
    wa.endpoint.reachoutTimelock = end;
    wa.endpoint.givesTokens = true;
    wa.endpoint.messages.refuse = () => '463';
    await expect(session.sendMessage(rina.number, { text: 'Halo' }, '3EB0LOCKED')).rejects.toMatchObject({
      kind: 'restricted',
      code: '463',
      until: end,
    });
    expect(relays()).toEqual([[rinaPhone, '3EB0LOCKED']]);
  });

  it('goes once more to the LID WhatsApp moved the contact to, under the same id, and later sends go there at once', async () => {
    const { session, rina } = await sending();
    wa.endpoint.messages.refuse = (node) => (node.attrs.to === rinaPhone ? '463' : null);
    expect(await session.sendMessage(rina.number, { text: 'Halo' }, '3EB0LID1')).toEqual({ id: '3EB0LID1' });
    await session.sendMessage(rina.number, { text: 'Halo lagi' }, '3EB0LID2');
    expect(relays()).toEqual([
      [rinaPhone, '3EB0LID1'],
      [`${rinaLid}@lid`, '3EB0LID1'],
      [`${rinaLid}@lid`, '3EB0LID2'],
    ]);
  });

  it('goes once more after the trusted-contact token was fetched, carrying it', async () => {
    const { session, rina } = await sending();
    wa.endpoint.messages.refuse = (node) => (node.attrs.to === rinaPhone ? '463' : null);
    await session.sendMessage(rina.number, { text: 'Halo' }, '3EB0TC1');
    // Now addressed by her LID, and refused there until the message carries her token.
    wa.endpoint.givesTokens = true;
    wa.endpoint.messages.refuse = (node) => (hasTcToken(node) ? null : '463');
    expect(await session.sendMessage(rina.number, { text: 'Halo lagi' }, '3EB0TC2')).toEqual({ id: '3EB0TC2' });
    expect(relays().slice(2)).toEqual([
      [`${rinaLid}@lid`, '3EB0TC2'],
      [`${rinaLid}@lid`, '3EB0TC2'],
    ]);
    expect(hasTcToken(wa.endpoint.messages.relayed[3]?.node)).toBe(true);
  });

  it('is a restriction of unknown end when it is neither, after the one more try at the LID', async () => {
    const { session, rina } = await sending();
    wa.endpoint.messages.refuse = () => '463';
    await expect(session.sendMessage(rina.number, { text: 'Halo' }, '3EB0TWICE')).rejects.toMatchObject({
      kind: 'restricted',
      code: '463',
      until: null,
    });
    expect(relays()).toEqual([
      [rinaPhone, '3EB0TWICE'],
      [`${rinaLid}@lid`, '3EB0TWICE'],
    ]);
  });
});

describe('a timelock WhatsApp pushes', () => {
  it('keeps every send back until its end, nothing written, and lets them go once lifted', async () => {
    const { session, socket, rina } = await sending();
    // Baileys passes the notification on as connection.update; the session heard it before this listener.
    const told = () =>
      new Promise<void>((resolve) =>
        socket().ev.on('connection.update', (update) => update.reachoutTimeLock && resolve()),
      );
    const end = wholeSecondsAhead(600_000);
    const locked = told();
    wa.endpoint.pushTimelock(end);
    await locked;
    await expect(session.sendMessage(rina.number, { text: 'Halo' })).rejects.toMatchObject({
      kind: 'restricted',
      until: end,
    });
    expect(wa.endpoint.messages.relayed).toEqual([]);

    const lifted = told();
    wa.endpoint.pushTimelock(null);
    await lifted;
    await session.sendMessage(rina.number, { text: 'Halo' });
    expect(wa.endpoint.messages.relayed).toHaveLength(1);
  });
});

/** The retry rule run as the engine runs it, noting every wait it asks for. */
function pacing(session: WaSession) {
  const slept: number[] = [];
  const pace: RetryPace = {
    session: () => session,
    halted: () => false,
    sleep: async (seconds) => void slept.push(seconds),
    attempting: async () => {},
    reconnected: async () => true,
  };
  return { pace, slept };
}

const isKeyFetch = (query: BinaryNode) =>
  query.attrs.xmlns === 'encrypt' && Array.isArray(query.content) && query.content.some((child) => child.tag === 'key');

describe('a send WhatsApp answers with 429 rate-overlimit', () => {
  it.each([
    ['the number look-up before it', (query: BinaryNode) => query.attrs.xmlns === 'usync', 0],
    ["the contact's key fetch as it is encrypted", isKeyFetch, 0],
  ])('on %s reaches the engine as a restriction to cool down for, not tried again', async (_, overlimit, relayed) => {
    const { session, rina } = await sending();
    wa.endpoint.queryError = (query) => (overlimit(query) ? RATE_OVERLIMIT : null);
    const { pace, slept } = pacing(session);
    const outcome = await sendTemplate(pace, { number: rina.number, name: 'Rina' }, { text: 'Halo {name}' });
    expect(outcome).toMatchObject({ status: 'restricted', code: '429', until: null });
    if (outcome.status !== 'restricted') throw new Error('not restricted');
    expect(restrictionWait(outcome, 1, Date.now())).toBe(COOL_DOWN_S);
    expect(slept).toEqual([]);
    expect(wa.endpoint.messages.relayed).toHaveLength(relayed);
  });

  it('in the ack of the message itself reaches the engine the same way, relayed once', async () => {
    const { session, rina } = await sending();
    wa.endpoint.messages.refuse = () => '429';
    const { pace, slept } = pacing(session);
    const outcome = await sendTemplate(pace, { number: rina.number, name: 'Rina' }, { text: 'Halo {name}' });
    expect(outcome).toMatchObject({ status: 'restricted', code: '429', until: null });
    expect(slept).toEqual([]);
    expect(wa.endpoint.messages.relayed).toHaveLength(1);
  });
});
