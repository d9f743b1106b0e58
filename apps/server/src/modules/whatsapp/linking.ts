/**
 * Linking a device (spec part 1 §7 WhatsApp, DESIGN §5.8): a new account or a re-link of one, a proxy taken
 * from the pool, and the engine asked to open the session, which then shows its QR or pairing code on the
 * live channel.
 */
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { MAX_PENDING_LINKS, type TNewClientRequest, WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { and, count, eq, isNull } from 'drizzle-orm';
import { type Db, withRetry } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { type Engine, EngineUnavailable } from '../../engine/index.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, tooMany, unavailable } from '../../lib/app-error.ts';
import { publishAccountEvent } from '../../live/account-event.ts';
import type { EventBus } from '../../live/bus.ts';
import { recordAccountEvent } from '../../rules/safety/account-events.ts';
import type { ProxyService } from '../proxy/service.ts';
import { lockUser } from '../users/users-read.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

export interface LinkingDeps {
  db: Db;
  proxies: ProxyService;
  bus: EventBus;
  /** The engine, or a 503 when this process reaches none. */
  sessions: () => Engine;
  byClientid: (clientid: string) => Promise<AccountRow | undefined>;
}

export function createLinking({ db, proxies, bus, sessions, byClientid }: LinkingDeps) {
  async function publishProxyUnavailable(userId: number, deviceId: string) {
    await publishAccountEvent(
      bus,
      { id: 0, user_id: userId, clientid: deviceId, state: 'unknown', status: 'idle' },
      'proxy_unavailable',
    );
  }

  return {
    /**
     * Starts linking a device: a new account, or with `previousDeviceId` the same account (its counters
     * kept) under a new client id. The session emits `qr` or `code` on the live channel.
     */
    async newClient(actor: Actor, body: TNewClientRequest): Promise<{ proxyId: number; message: string }> {
      requireAccess(actor, { owner: body.userId });
      const engine = sessions();
      const existing = await byClientid(body.deviceId);
      // Somebody else's device id is refused as a missing previous device is: neither says what exists.
      if (existing && existing.user_id !== body.userId) throw forbidden(SERVER_TEXT.forbidden);
      const previous = body.previousDeviceId ? await byClientid(body.previousDeviceId) : undefined;
      if (body.previousDeviceId && (!previous || previous.user_id !== body.userId))
        throw forbidden(SERVER_TEXT.forbidden);
      const current = previous ?? existing;
      const saved = await withRetry(() =>
        db.transaction(async (tx) => {
          if (!current) {
            // Each waiting link holds a proxy: without a cap one member could take the whole pool. The user's
            // row is locked before counting, so that links asked for at once, on any node, count one by one.
            await lockUser(tx, body.userId);
            const [{ pending } = { pending: 0 }] = await tx
              .select({ pending: count() })
              .from(whatsappAccounts)
              .where(and(eq(whatsappAccounts.user_id, body.userId), isNull(whatsappAccounts.phonenumber)));
            if (pending >= MAX_PENDING_LINKS) throw tooMany(WHATSAPP_TEXT.tooManyPendingLinks(MAX_PENDING_LINKS));
          }
          let proxyId = current?.proxy_id ?? null;
          let proxyValue: string | null = null;
          if (proxyId === null) {
            const taken = await proxies.take(tx);
            if (taken.kind === 'unavailable') return null;
            if (taken.kind === 'proxy') {
              proxyId = taken.id;
              proxyValue = taken.value;
            }
          }
          if (!current) {
            const [account] = await tx
              .insert(whatsappAccounts)
              .values({ clientid: body.deviceId, user_id: body.userId, proxy_id: proxyId, state: 'unknown' })
              .returning();
            return { account, proxyId, proxyValue, proxyBefore: null };
          }
          if (previous && existing && existing.id !== previous.id)
            await tx.delete(whatsappAccounts).where(eq(whatsappAccounts.id, existing.id));
          const [account] = await tx
            .update(whatsappAccounts)
            .set({
              clientid: body.deviceId,
              proxy_id: proxyId,
              auth_state: null,
              pending_phonenumber: null,
              state: 'unknown',
              blasting: false,
              status: 'idle',
            })
            .where(eq(whatsappAccounts.id, current.id))
            .returning();
          return { account, proxyId, proxyValue, proxyBefore: current.proxy_id };
        }),
      );
      if (!saved) {
        await publishProxyUnavailable(body.userId, body.deviceId);
        throw conflict(WHATSAPP_TEXT.proxyUnavailable);
      }
      const { account, proxyId, proxyValue, proxyBefore } = saved;
      if (!account) throw new Error('account not saved');
      if (proxyId !== proxyBefore)
        await recordAccountEvent(db, account.id, 'proxy_changed', { detail: { proxy_id: proxyId } });
      if (previous && previous.clientid !== body.deviceId) await engine.logout(previous.clientid);
      try {
        await engine.link(account, { pairingNumber: body.phoneNumber ?? null, proxy: proxyValue });
      } catch (error) {
        // In scale-out no worker may be up to take the link: say so rather than fail with a 500.
        if (error instanceof EngineUnavailable) throw unavailable(error.message);
        throw error;
      }
      return { proxyId: proxyId ?? -1, message: WHATSAPP_TEXT.clientCreated };
    },
  };
}
