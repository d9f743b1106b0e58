/**
 * A send WhatsApp refuses with 463, resolved by the driver where it can: resent once to the LID the contact
 * moved to, resent once after fetching a missing trusted-contact token, or passed on as a timelock with its
 * end, each under the message's one id. Driven through the fake socket's acks (test/baileys-fake.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeOpened, openLinked } from '../../test/baileys-fake.ts';
import type { Reachout } from './baileys-reachout.ts';

afterEach(closeOpened);

const rina = '6285712345678';
const rinaLid = '123456789012345@lid';

describe('a send refused with 463', () => {
  it('goes once more to the LID onWhatsApp named, under the same id, and counts as sent', async () => {
    const { session, socket } = await openLinked();
    socket().lids.set(rina, rinaLid);
    const { id } = await session.sendMessage(rina, { text: 'Halo' }, '3EB0LID1');
    expect(id).toBe('3EB0LID1');
    expect(socket().sent.map((sent) => [sent.jid, sent.id])).toEqual([
      [`${rina}@s.whatsapp.net`, '3EB0LID1'],
      [rinaLid, '3EB0LID1'],
    ]);
  });

  it('goes once more after a trusted-contact token was fetched, and fails as restricted if refused again', async () => {
    const fetched: string[] = [];
    const reachout: Reachout = {
      timelockEnd: async () => null,
      fetchTcToken: async (_socket, jid) => {
        fetched.push(jid);
        return true;
      },
    };
    const { session, socket } = await openLinked({ reachout });
    socket().ackError = '463';
    await expect(session.sendMessage(rina, { text: 'Halo' }, '3EB0TC1')).rejects.toMatchObject({
      kind: 'restricted',
      code: '463',
      until: null,
    });
    expect(fetched).toEqual([`${rina}@s.whatsapp.net`]);
    expect(socket().sent.map((sent) => sent.id)).toEqual(['3EB0TC1', '3EB0TC1']);
  });

  it('is passed on as a timelock with its end, without a second try', async () => {
    const end = new Date(Date.now() + 3_600_000);
    const reachout: Reachout = { timelockEnd: async () => end, fetchTcToken: async () => true };
    const { session, socket } = await openLinked({ reachout });
    socket().ackError = '463';
    await expect(session.sendMessage(rina, { text: 'Halo' })).rejects.toMatchObject({
      kind: 'restricted',
      until: end,
    });
    expect(socket().sent).toHaveLength(1);
  });

  it('is passed on as a restriction of unknown cause when Baileys 6.7 can tell nothing more', async () => {
    const { session, socket } = await openLinked();
    socket().ackError = '463';
    await expect(session.sendMessage(rina, { text: 'Halo' })).rejects.toMatchObject({
      kind: 'restricted',
      code: '463',
      until: null,
    });
    expect(socket().sent).toHaveLength(1);
  });
});
