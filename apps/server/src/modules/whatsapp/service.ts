/**
 * WhatsApp accounts: listing, blast start and stop, and the account settings (spec part 1 §7 WhatsApp,
 * DESIGN §5.1, §5.8); linking (linking.ts) and the Blaster page (blaster.ts) joined in.
 */

import { type TPageQuery, ZId } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import {
  BLAST_TEXT,
  ENGINE_TEXT,
  type TIncomingMessage,
  type TWhatsapp,
  type TWhatsappCountResponse,
  type WHATSAPP_FILTERS,
  WHATSAPP_TEXT,
} from '@sewablast/contract/whatsapp';
import { UNSENDABLE_STATES } from '@sewablast/contract/whatsapp-states';
import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { Engine } from '../../engine/index.ts';
import { requireAccess, visibleRows } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, notFound, unavailable } from '../../lib/app-error.ts';
import { countUpTo, paged } from '../../lib/paging.ts';
import { publishAccountEvent } from '../../live/account-event.ts';
import type { EventBus } from '../../live/bus.ts';
import { busyMessage, claimAccount } from '../../rules/jobs/account-busy.ts';
import type { PhoneNumberService } from '../phonenumber/service.ts';
import type { ProxyService } from '../proxy/service.ts';
import { createBlaster } from './blaster.ts';
import { createForecast } from './forecast.ts';
import { createLinking } from './linking.ts';
import { createNumberChange } from './number-change.ts';
import { createPresenter } from './present.ts';
import { accountSearch } from './search.ts';
import { createTerms } from './terms.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

function statusFilter(status: (typeof WHATSAPP_FILTERS)[number] | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'sending') return eq(whatsappAccounts.status, 'sending');
  if (status === 'suspended') return eq(whatsappAccounts.suspended, true);
  return eq(whatsappAccounts.state, status);
}

export interface WhatsappServiceDeps {
  db: Db;
  proxies: ProxyService;
  phoneNumbers: PhoneNumberService;
  bus: EventBus;
  /** The sessions: this process's host, the workers over Redis (role `api`), or null when there are none. */
  engine: Engine | null;
  /** Milliseconds in one second of send time: the Blaster's pause between messages. */
  secondMs?: number;
  /**
   * BUSINESS_TZ and ACCOUNT_SAFETY, for each account's safety figures (rules/safety/send-policy.ts); services.ts
   * always says, tests about other things leave it off.
   */
  safety?: { timeZone: string; enforce: boolean };
}

export function createWhatsappService({
  db,
  proxies,
  phoneNumbers,
  bus,
  engine,
  secondMs = 1000,
  safety = { timeZone: 'Asia/Jakarta', enforce: false },
}: WhatsappServiceDeps) {
  const present = createPresenter(db, safety);
  const linked = isNotNull(whatsappAccounts.phonenumber);

  async function connectedOrNot(where: SQL | undefined): Promise<TWhatsappCountResponse> {
    const [row] = await db
      .select({
        all: count(),
        connected: sql<number>`count(*) filter (where ${whatsappAccounts.state} = 'connected')`.mapWith(Number),
      })
      .from(whatsappAccounts)
      .where(and(linked, where));
    const connectedCount = row?.connected ?? 0;
    return { connectedCount, disconnectedCount: (row?.all ?? 0) - connectedCount };
  }

  async function byClientid(clientid: string): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid));
    return row;
  }

  /**
   * The account named by numeric id or client id, if the actor may see it. To a member, an account that
   * does not exist is refused like another member's, so that answers do not tell which ids exist.
   */
  async function mustSee(actor: Actor, idOrClientid: string | number): Promise<AccountRow> {
    // All digits but past an id's range (2147483648…) names no account, rather than failing the query.
    const id = ZId.safeParse(idOrClientid);
    const [row] = await db
      .select()
      .from(whatsappAccounts)
      .where(id.success ? eq(whatsappAccounts.id, id.data) : eq(whatsappAccounts.clientid, String(idOrClientid)));
    requireAccess(actor, { owner: row?.user_id ?? null });
    if (!row) throw notFound(SERVER_TEXT.notFound);
    return row;
  }

  function requireEngine(): Engine {
    if (!engine) throw unavailable(ENGINE_TEXT.noEngine);
    return engine;
  }

  const linking = createLinking({ db, proxies, bus, sessions: requireEngine, byClientid });
  const blaster = createBlaster({ db, phoneNumbers, sessions: requireEngine, secondMs });
  const confirmNumber = createNumberChange({ db, bus, sessions: requireEngine, mustSee });
  const setTerms = createTerms({
    db,
    mustSee,
    present: present.one,
    recheck: async (clientid) => engine?.recheck(clientid),
  });
  const forecast = createForecast(db, safety);

  return {
    byClientid,
    mustSee,

    /** Starts linking a device: see linking.ts. */
    newClient: linking.newClient,

    /** The owner's answer to a re-link by another phone: see number-change.ts. */
    async confirmNumber(actor: Actor, clientid: string, replace: boolean): Promise<TWhatsapp> {
      return present.one(await confirmNumber(actor, clientid, replace));
    },

    /** The Add WhatsApp screen's save: the server's own facts are the answer; nothing the client says is stored. */
    async save(actor: Actor, clientid: string): Promise<TWhatsapp> {
      const account = await mustSee(actor, clientid);
      if (!account.phonenumber) throw conflict(WHATSAPP_TEXT.notLinked);
      return present.one(account);
    },

    async remove(actor: Actor, clientid: string): Promise<void> {
      const account = await mustSee(actor, clientid);
      await engine?.logout(account.clientid);
      await db.delete(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
      if (account.proxy_id !== null) await proxies.release(account.proxy_id);
    },

    /** Writes the desired state and nudges the owning process, which starts the loop (DESIGN §8). */
    async startBlasting(actor: Actor, clientid: string, loop: boolean): Promise<TWhatsapp> {
      const account = await mustSee(actor, clientid);
      if (account.suspended) throw conflict(BLAST_TEXT.suspended);
      if (!account.sending_enabled) throw conflict(BLAST_TEXT.sendingDisabled);
      if (!account.phonenumber || (UNSENDABLE_STATES as readonly string[]).includes(account.state)) {
        throw forbidden(BLAST_TEXT.disconnected);
      }
      // One thing at a time on an account: a running generator or validator refuses the blast.
      const outcome = await claimAccount(db, account.id, { kind: 'blast' }, async (tx) => {
        const [claimed] = await tx
          .update(whatsappAccounts)
          .set({
            blasting: true,
            loop,
            status: 'sending',
            ...(account.blasting ? {} : { blast_started_at: new Date() }),
          })
          .where(eq(whatsappAccounts.id, account.id))
          .returning();
        return claimed;
      });
      if ('busy' in outcome) throw conflict(busyMessage(outcome.busy));
      const row = outcome.claimed;
      if (!row) throw notFound(SERVER_TEXT.notFound);
      const sessions = requireEngine();
      await publishAccountEvent(bus, row, 'start');
      await sessions.reconcile(row.clientid);
      return present.one(row);
    },

    async stopBlasting(actor: Actor, clientid: string): Promise<TWhatsapp> {
      const account = await mustSee(actor, clientid);
      await db.update(whatsappAccounts).set({ blasting: false }).where(eq(whatsappAccounts.id, account.id));
      await engine?.halt(account.clientid);
      const [row] = await db
        .update(whatsappAccounts)
        .set({ status: 'idle' })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      return present.one(row);
    },

    /**
     * Zeroes the account's success, fail, delivered and income; the owner's earnings and lifetime total stay.
     * Receipts still on their way for messages sent before now are not counted (receipts.ts): delivered
     * counts successes since the reset, as success does.
     */
    async reset(actor: Actor, id: number): Promise<TWhatsapp> {
      const account = await mustSee(actor, id);
      const [row] = await db
        .update(whatsappAccounts)
        .set({ count_success: 0, count_fail: 0, count_delivered: 0, income: 0, counters_reset_at: sql`now()` })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      await publishAccountEvent(bus, row, 'reset', { state: row.state });
      return present.one(row);
    },

    /** Lifts a suspension while it happened fewer than 3 times (DESIGN §5.7); the member then reconnects. */
    async activate(actor: Actor, id: number): Promise<TWhatsapp> {
      requireAccess(actor, { group: 'managers' });
      const account = await mustSee(actor, id);
      if (account.suspended_count >= 3) throw conflict(BLAST_TEXT.activateLimit);
      const [row] = await db
        .update(whatsappAccounts)
        .set({ suspended: false, state: account.state === 'suspended' ? 'loggedOut' : account.state })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      await publishAccountEvent(bus, row, 'connection.update', { state: row.state });
      return present.one(row);
    },

    /** The admin's Sending tick. */
    async setSending(actor: Actor, id: number, enabled: boolean): Promise<TWhatsapp> {
      requireAccess(actor, { group: 'managers' });
      const account = await mustSee(actor, id);
      const [row] = await db
        .update(whatsappAccounts)
        .set({ sending_enabled: enabled })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      return present.one(row);
    },

    /** The service's pace is the operators' to set: a member choosing 1 s would send (and earn) 10–30× faster. */
    async setInterval(actor: Actor, id: number, min: number | null, max: number | null): Promise<TWhatsapp> {
      requireAccess(actor, { group: 'managers' });
      const account = await mustSee(actor, id);
      const [row] = await db
        .update(whatsappAccounts)
        .set({ interval_min: min, interval_max: max })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      return present.one(row);
    },

    setTerms,
    forecast,

    /** The latest message the account received, or null when none came yet. */
    async lastMessage(actor: Actor, idOrClientid: string): Promise<TIncomingMessage | null> {
      const { last_message: message } = await mustSee(actor, idOrClientid);
      return message ? { from: message.from, text: message.text, date: message.at } : null;
    },

    /** The Blaster page: see blaster.ts. */
    sendBlaster: blaster.send,

    async detail(actor: Actor, idOrClientid: string | number): Promise<TWhatsapp> {
      return present.one(await mustSee(actor, idOrClientid));
    },

    /** A member's own linked accounts; every linked account for admins and devs. */
    async list(actor: Actor, userId?: number): Promise<TWhatsapp[]> {
      const rows = await db
        .select()
        .from(whatsappAccounts)
        .where(and(linked, visibleRows(actor, whatsappAccounts.user_id, userId)))
        .orderBy(desc(whatsappAccounts.id))
        .limit(1000);
      return present.many(rows);
    },

    async count(actor: Actor, userId: number): Promise<TWhatsappCountResponse> {
      requireAccess(actor, { owner: userId });
      return connectedOrNot(eq(whatsappAccounts.user_id, userId));
    },

    /** Every user's linked accounts, connected or not (the admin dashboard's cards). */
    countAll: (): Promise<TWhatsappCountResponse> => connectedOrNot(undefined),

    async listPage(actor: Actor, query: TPageQuery & { user_id?: number; status?: (typeof WHATSAPP_FILTERS)[number] }) {
      const search = accountSearch(query.search);
      const where = and(
        linked,
        visibleRows(actor, whatsappAccounts.user_id, query.user_id),
        search,
        statusFilter(query.status),
      );
      const count = search ? (matching: SQL | undefined) => countUpTo(db, whatsappAccounts, matching) : undefined;
      const orderBy = [desc(whatsappAccounts.id)];
      return paged(db, query, { table: whatsappAccounts, where, orderBy, count }, present.many);
    },
  };
}

export type WhatsappService = ReturnType<typeof createWhatsappService>;
