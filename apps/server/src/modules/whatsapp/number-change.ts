/**
 * A re-link by a phone whose number is not the account's (docs/decisions.md "Reconnecting by another
 * phone"): the engine holds such a session as `numberChanged`, sending nothing and keeping the account's
 * number (engine/session/session-events.ts), and the owner answers here. `replace` takes the new number, the
 * counters and income staying the account's; keeping the old one ends the other phone's session, and the
 * account waits to be linked again by its own phone.
 */
import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { Engine } from '../../engine/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict } from '../../lib/app-error.ts';
import { publishAccountEvent } from '../../live/account-event.ts';
import type { EventBus } from '../../live/bus.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

export interface NumberChangeDeps {
  db: Db;
  bus: EventBus;
  sessions: () => Engine;
  mustSee: (actor: Actor, clientid: string) => Promise<AccountRow>;
}

export function createNumberChange({ db, bus, sessions, mustSee }: NumberChangeDeps) {
  return async function confirmNumber(actor: Actor, clientid: string, replace: boolean): Promise<AccountRow> {
    const account = await mustSee(actor, clientid);
    const pending = and(eq(whatsappAccounts.id, account.id), isNotNull(whatsappAccounts.pending_phonenumber));
    if (replace) {
      // The held session is up while the state reads numberChanged; taken, it is the account's connection.
      const [row] = await db
        .update(whatsappAccounts)
        .set({
          phonenumber: whatsappAccounts.pending_phonenumber,
          pending_phonenumber: null,
          state: account.state === 'numberChanged' ? 'connected' : account.state,
          // Another number is another WhatsApp account: it warms up from its first send, its day counted anew.
          last_sent_at: null,
          warmup_started_on: null,
          sent_day: null,
          sent_count: 0,
        })
        .where(pending)
        .returning();
      if (!row) throw conflict(WHATSAPP_TEXT.noNumberPending);
      await publishAccountEvent(bus, row, 'authenticated', {
        phonenumber: row.phonenumber ?? undefined,
        pushname: row.pushname ?? undefined,
      });
      await publishAccountEvent(bus, row, 'connection.update', { state: row.state });
      return row;
    }
    const [row] = await db
      .update(whatsappAccounts)
      .set({ pending_phonenumber: null, auth_state: null, state: 'loggedOut' })
      .where(pending)
      .returning();
    if (!row) throw conflict(WHATSAPP_TEXT.noNumberPending);
    await sessions().logout(row.clientid);
    await publishAccountEvent(bus, row, 'connection.update', { state: row.state });
    return row;
  };
}
