/** WhatsApp accounts: linking, listing and the account settings (spec part 1 §7 WhatsApp, DESIGN §5.1, §5.8). */

import { pageMeta, type TPageQuery, ZId } from '@sewablast/contract/paging';
import { normalisePhoneNumber } from '@sewablast/contract/phonenumber';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import {
  BLAST_TEXT,
  BLASTER_ALL,
  BLASTER_MAX_TARGETS,
  BLASTER_TEXT,
  MAX_PENDING_LINKS,
  type TIncomingMessage,
  type TNewClientRequest,
  type TSendMessageRequest,
  type TSendMessageResponse,
  type TWhatsapp,
  UNSENDABLE_STATES,
  type WHATSAPP_FILTERS,
  WHATSAPP_TEXT,
} from '@sewablast/contract/whatsapp';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneNumbers, whatsappAccounts } from '../../db/schema.ts';
import { senderNumber } from '../../engine/replies.ts';
import type { Engine } from '../../engine/session-host.ts';
import { requireAccess, seesAll } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { escapeLike } from '../../lib/like.ts';
import { publishAccountEvent } from '../../live/account-event.ts';
import type { EventBus } from '../../live/bus.ts';
import { SendError } from '../../wa/driver.ts';
import type { ProxyService } from '../proxy/service.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

const BLASTER_ATTEMPTS = 3;

export function toPublicWhatsapp(row: AccountRow): TWhatsapp {
  return {
    id: row.id,
    clientid: row.clientid,
    user_id: row.user_id,
    phonenumber: row.phonenumber,
    pushname: row.pushname,
    server: row.server,
    proxyId: row.proxy_id ?? -1,
    state: row.state,
    status: row.status as TWhatsapp['status'],
    blasting: row.blasting,
    sending_enabled: row.sending_enabled,
    interval_min: row.interval_min,
    interval_max: row.interval_max,
    count_success: row.count_success,
    count_fail: row.count_fail,
    income: row.income,
    suspended: row.suspended,
    suspended_count: row.suspended_count,
    createdAt: row.created_at.toISOString(),
  };
}

function statusFilter(status: (typeof WHATSAPP_FILTERS)[number] | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'sending') return eq(whatsappAccounts.status, 'sending');
  if (status === 'suspended') return eq(whatsappAccounts.suspended, true);
  return eq(whatsappAccounts.state, status);
}

export interface WhatsappServiceDeps {
  db: Db;
  proxies: ProxyService;
  bus: EventBus;
  /** The sessions: this process's host, the workers over Redis (role `api`), or null when there are none. */
  engine: Engine | null;
  /** Milliseconds in one second of send time: the Blaster's pause between messages. */
  secondMs?: number;
}

export function createWhatsappService({ db, proxies, bus, engine, secondMs = 1000 }: WhatsappServiceDeps) {
  const linked = isNotNull(whatsappAccounts.phonenumber);

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
    if (!engine) throw new AppError(503, 'Tidak ada worker yang memegang sesi WhatsApp di proses ini.');
    return engine;
  }

  async function publishProxyUnavailable(userId: number, deviceId: string) {
    await publishAccountEvent(
      bus,
      { id: 0, user_id: userId, clientid: deviceId, state: 'unknown', status: 'idle' },
      'proxy_unavailable',
    );
  }

  /** A passing failure (rate limit, timeout) is tried again, up to 3 times in all, as the blast does. */
  async function sendWithRetries(sessions: Engine, clientid: string, to: string, text: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await sessions.sendNow(clientid, to, { text });
        return { status: 'success' as const, error: null };
      } catch (error) {
        const transient = error instanceof SendError && error.kind === 'transient';
        if (!transient || attempt === BLASTER_ATTEMPTS)
          return { status: 'fail' as const, error: error instanceof Error ? error.message : String(error) };
        await new Promise((resolve) => setTimeout(resolve, attempt * secondMs));
      }
    }
  }

  /** 'All' is every active number; otherwise the comma-joined list, each number checked. */
  async function blasterTargets(targets: string): Promise<string[]> {
    const parts = targets
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    let numbers: string[];
    if (parts.includes(BLASTER_ALL)) {
      const rows = await db
        .select({ number: phoneNumbers.number })
        .from(phoneNumbers)
        .where(eq(phoneNumbers.status, 'active'))
        .orderBy(phoneNumbers.id)
        .limit(BLASTER_MAX_TARGETS + 1);
      if (rows.length > BLASTER_MAX_TARGETS) {
        const [{ total } = { total: 0 }] = await db
          .select({ total: count() })
          .from(phoneNumbers)
          .where(eq(phoneNumbers.status, 'active'));
        throw badRequest(BLASTER_TEXT.tooManyReceivers(total, BLASTER_MAX_TARGETS), {
          targets: BLASTER_TEXT.tooManyReceivers(total, BLASTER_MAX_TARGETS),
        });
      }
      numbers = rows.map((row) => row.number);
    } else {
      numbers = [];
      for (const part of parts) {
        const number = normalisePhoneNumber(senderNumber(part));
        if (!number) throw badRequest(BLASTER_TEXT.badReceiver(part), { targets: BLASTER_TEXT.badReceiver(part) });
        numbers.push(number);
      }
      numbers = [...new Set(numbers)];
      if (numbers.length > BLASTER_MAX_TARGETS)
        throw badRequest(BLASTER_TEXT.tooManyReceivers(numbers.length, BLASTER_MAX_TARGETS), {
          targets: BLASTER_TEXT.tooManyReceivers(numbers.length, BLASTER_MAX_TARGETS),
        });
    }
    if (numbers.length === 0) throw badRequest(BLASTER_TEXT.noReceivers, { targets: BLASTER_TEXT.noReceivers });
    return numbers;
  }

  return {
    byClientid,
    mustSee,

    /**
     * Starts linking a device: a new account, or with `previousDeviceId` the same account (its counters
     * kept) under a new client id. The session emits `qr` or `code` on the live channel.
     */
    async newClient(actor: Actor, body: TNewClientRequest): Promise<{ proxyId: number; message: string }> {
      requireAccess(actor, { owner: body.userId });
      const sessions = requireEngine();
      const existing = await byClientid(body.deviceId);
      // Somebody else's device id is refused as a missing previous device is: neither says what exists.
      if (existing && existing.user_id !== body.userId) throw forbidden(SERVER_TEXT.forbidden);
      const previous = body.previousDeviceId ? await byClientid(body.previousDeviceId) : undefined;
      if (body.previousDeviceId && (!previous || previous.user_id !== body.userId))
        throw forbidden(SERVER_TEXT.forbidden);
      if (!existing && !previous) {
        // Each waiting link holds a proxy: without a cap one member could take the whole pool.
        const [{ pending } = { pending: 0 }] = await db
          .select({ pending: count() })
          .from(whatsappAccounts)
          .where(and(eq(whatsappAccounts.user_id, body.userId), isNull(whatsappAccounts.phonenumber)));
        if (pending >= MAX_PENDING_LINKS) throw new AppError(429, WHATSAPP_TEXT.tooManyPendingLinks(MAX_PENDING_LINKS));
      }

      const current = previous ?? existing;
      let proxyId = current?.proxy_id ?? null;
      let proxyValue: string | null = null;
      if (proxyId === null) {
        const taken = await proxies.take();
        if (taken.kind === 'unavailable') {
          await publishProxyUnavailable(body.userId, body.deviceId);
          throw conflict(WHATSAPP_TEXT.proxyUnavailable);
        }
        if (taken.kind === 'proxy') {
          proxyId = taken.id;
          proxyValue = taken.value;
        }
      }

      let account: AccountRow | undefined;
      if (current) {
        if (previous && existing && existing.id !== previous.id)
          await db.delete(whatsappAccounts).where(eq(whatsappAccounts.id, existing.id));
        [account] = await db
          .update(whatsappAccounts)
          .set({
            clientid: body.deviceId,
            proxy_id: proxyId,
            auth_state: null,
            state: 'unknown',
            blasting: false,
            status: 'idle',
          })
          .where(eq(whatsappAccounts.id, current.id))
          .returning();
      } else {
        [account] = await db
          .insert(whatsappAccounts)
          .values({ clientid: body.deviceId, user_id: body.userId, proxy_id: proxyId, state: 'unknown' })
          .returning();
      }
      if (!account) throw new Error('account not saved');
      if (previous && previous.clientid !== body.deviceId) await sessions.logout(previous.clientid);
      try {
        await sessions.link(account, { pairingNumber: body.phoneNumber ?? null, proxy: proxyValue });
      } catch (error) {
        // In scale-out no worker may be up to take the link: say so rather than fail with a 500.
        if (error instanceof SendError) throw new AppError(503, error.message);
        throw error;
      }
      return { proxyId: proxyId ?? -1, message: WHATSAPP_TEXT.clientCreated };
    },

    /** The Add WhatsApp screen's save: the server's own facts are the answer; nothing the client says is stored. */
    async save(actor: Actor, clientid: string): Promise<TWhatsapp> {
      const account = await mustSee(actor, clientid);
      if (!account.phonenumber) throw new AppError(409, WHATSAPP_TEXT.notLinked);
      return toPublicWhatsapp(account);
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
      const [row] = await db
        .update(whatsappAccounts)
        .set({ blasting: true, loop, status: 'sending', ...(account.blasting ? {} : { blast_started_at: new Date() }) })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      const sessions = requireEngine();
      await publishAccountEvent(bus, row, 'start');
      await sessions.reconcile(row.clientid);
      return toPublicWhatsapp(row);
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
      return toPublicWhatsapp(row);
    },

    /** Zeroes the account's success, fail and income; the owner's earnings and lifetime total stay. */
    async reset(actor: Actor, id: number): Promise<TWhatsapp> {
      const account = await mustSee(actor, id);
      const [row] = await db
        .update(whatsappAccounts)
        .set({ count_success: 0, count_fail: 0, income: 0 })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      await publishAccountEvent(bus, row, 'reset', { state: row.state });
      return toPublicWhatsapp(row);
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
      return toPublicWhatsapp(row);
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
      return toPublicWhatsapp(row);
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
      return toPublicWhatsapp(row);
    },

    /** The latest message the account received, or null when none came yet. */
    async lastMessage(actor: Actor, idOrClientid: string): Promise<TIncomingMessage | null> {
      const { last_message: message } = await mustSee(actor, idOrClientid);
      return message ? { from: message.from, text: message.text, date: message.at } : null;
    },

    /**
     * The Blaster page: one message from one of the actor's connected accounts to the chosen numbers, one
     * after another with a short pause, outside any blast: nothing is paid for it and no blast counter moves.
     */
    async sendBlaster(actor: Actor, body: TSendMessageRequest): Promise<TSendMessageResponse> {
      requireAccess(actor, { group: 'managers' });
      const senderPhone = senderNumber(body.senders);
      const [sender] = await db
        .select()
        .from(whatsappAccounts)
        .where(
          and(
            eq(whatsappAccounts.phonenumber, senderPhone),
            seesAll(actor) ? undefined : eq(whatsappAccounts.user_id, actor.id),
          ),
        )
        .orderBy(sql`${whatsappAccounts.state} = 'connected' desc`, desc(whatsappAccounts.id))
        .limit(1);
      if (!sender) throw badRequest(BLASTER_TEXT.senderUnknown, { senders: BLASTER_TEXT.senderUnknown });
      if (sender.state !== 'connected') throw conflict(BLASTER_TEXT.notConnected(senderPhone, sender.state));
      const sessions = requireEngine();

      const targets = await blasterTargets(body.targets);
      const names = new Map(
        (
          await db
            .select({ number: phoneNumbers.number, name: phoneNumbers.name })
            .from(phoneNumbers)
            .where(inArray(phoneNumbers.number, targets))
        ).map((row) => [row.number, row.name]),
      );
      const results: TSendMessageResponse['results'] = [];
      for (const [index, number] of targets.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, secondMs));
        const text = body.message.replaceAll('{name}', names.get(number) ?? '').replaceAll('{phoneNumber}', number);
        results.push({ number, ...(await sendWithRetries(sessions, sender.clientid, number, text)) });
      }
      const failed = results.filter((result) => result.status === 'fail').length;
      return {
        msg: failed ? BLASTER_TEXT.partlyFailed(failed, results.length) : BLASTER_TEXT.sentBody,
        results,
      };
    },

    async detail(actor: Actor, idOrClientid: string | number): Promise<TWhatsapp> {
      return toPublicWhatsapp(await mustSee(actor, idOrClientid));
    },

    /** A member's own linked accounts; every linked account for admins and devs. */
    async list(actor: Actor, userId?: number): Promise<TWhatsapp[]> {
      const owner = userId ?? (seesAll(actor) ? undefined : actor.id);
      if (owner !== undefined) requireAccess(actor, { owner });
      const rows = await db
        .select()
        .from(whatsappAccounts)
        .where(and(linked, owner === undefined ? undefined : eq(whatsappAccounts.user_id, owner)))
        .orderBy(desc(whatsappAccounts.id))
        .limit(1000);
      return rows.map(toPublicWhatsapp);
    },

    async count(actor: Actor, userId: number): Promise<{ connectedCount: number; disconnectedCount: number }> {
      requireAccess(actor, { owner: userId });
      const rows = await db
        .select({ state: whatsappAccounts.state, total: count() })
        .from(whatsappAccounts)
        .where(and(linked, eq(whatsappAccounts.user_id, userId)))
        .groupBy(whatsappAccounts.state);
      const connectedCount = rows.find((row) => row.state === 'connected')?.total ?? 0;
      const all = rows.reduce((sum, row) => sum + row.total, 0);
      return { connectedCount, disconnectedCount: all - connectedCount };
    },

    async listPage(actor: Actor, query: TPageQuery & { user_id?: number; status?: (typeof WHATSAPP_FILTERS)[number] }) {
      if (query.user_id !== undefined) requireAccess(actor, { owner: query.user_id });
      const owner = seesAll(actor) ? query.user_id : actor.id;
      const term = query.search?.trim();
      const search = term
        ? or(
            like(whatsappAccounts.phonenumber, `${escapeLike(term.replace(/^0/, '62'))}%`),
            ilike(whatsappAccounts.pushname, `%${escapeLike(term)}%`),
            like(whatsappAccounts.clientid, `${escapeLike(term)}%`),
          )
        : undefined;
      const where = and(
        linked,
        owner === undefined ? undefined : eq(whatsappAccounts.user_id, owner),
        search,
        statusFilter(query.status),
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(whatsappAccounts).where(where);
      const rows = await db
        .select()
        .from(whatsappAccounts)
        .where(where)
        .orderBy(desc(whatsappAccounts.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { data: rows.map(toPublicWhatsapp), meta: pageMeta(query, total) };
    },
  };
}

export type WhatsappService = ReturnType<typeof createWhatsappService>;
