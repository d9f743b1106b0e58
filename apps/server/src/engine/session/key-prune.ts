/**
 * What a blast leaves behind in `whatsapp_auth_keys` and Baileys can build again (issue 22): every contact
 * reached adds a signal session, the contact's identity key, its trusted-contact token, its device list and
 * its phone number → LID row, some 1.2 KB kept for good. Pruned here, by the housekeeping round of the host
 * holding the account (host-rounds.ts), for the accounts this worker's lease holds, a bounded batch a run.
 * What is pruned and why Baileys does not miss it: docs/decisions.md, "Keys a blast leaves behind".
 *
 * Only rows of a contact silent for KEY_SILENT_DAYS are pruned (a key's `written_at` is its last write, and
 * a message either way rewrites the contact's session):
 * - a session, only if the contact never answered on it (every entry still carries libsignal's
 *   `pendingPreKey`, which the first message decrypted from the contact clears);
 * - an identity key, only once its session is gone;
 * - a phone number → LID row, only once the session with that LID's phone is gone: Baileys fetches a missing
 *   one again before its next send and then builds that LID's sessions anew (Socket/messages-send.js);
 * - a token (expired by then: Baileys clears it itself on its next send), a device list.
 * Never: the account's own rows (its own devices' sessions, its own LID), pre-keys, app-state keys, sender
 * keys, and a LID → phone number row (`_reverse`: Baileys never fetches it again, and a STOP written from a
 * LID with no phone number is matched through it).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts, whatsappAuthKeys } from '../../db/schema.ts';

/** A contact not written to nor heard from for this long: past Baileys' 28-day token window too. */
export const KEY_SILENT_DAYS = 30;
/** Rows deleted per run, so that a run never holds many locks or runs long. */
export const KEY_PRUNE_BATCH = 1000;

const DAY_MS = 24 * 60 * 60_000;

/** The contact's user (phone number or LID digits) a key is about: what follows its kind, up to . _ @ or :. */
const contactOf = sql`regexp_replace(substr(k.key, strpos(k.key, ':') + 1), '[._@:].*$', '')`;
const kindOf = sql`split_part(k.key, ':', 1)`;
/** The account's own user in a JID of its creds (`628…:12@s.whatsapp.net`, `99…:12@lid`). */
const ownUser = (field: 'id' | 'lid') =>
  sql.raw(`split_part(split_part(a.auth_state->'creds'->'me'->>'${field}', '@', 1), ':', 1)`);

/**
 * Deletes at most `limit` rows a contact left behind in the keys of the accounts `workerId`'s lease holds,
 * silent since `now` − KEY_SILENT_DAYS; answers how many. The accounts' rows are held FOR SHARE while it
 * runs, as a key write holds them (auth-keys.ts), so a takeover waits for it.
 */
export async function pruneAccountKeys(
  db: Db,
  workerId: string,
  { now = new Date(), limit = KEY_PRUNE_BATCH }: { now?: Date; limit?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - KEY_SILENT_DAYS * DAY_MS).toISOString();
  const result = await db.execute(sql`
    with held as (
      select a.id, ${ownUser('id')} as pn, coalesce(${ownUser('lid')}, '') as lid
      from ${whatsappAccounts} a
      where a.owner_id = ${workerId} and a.lease_until > now()
        and a.auth_state->'creds'->'me'->>'id' is not null
      for share
    ),
    old as (
      select k.account_id, k.key from held h
      cross join lateral (
        select k.account_id, k.key from ${whatsappAuthKeys} k
        where k.account_id = h.id and k.written_at < ${cutoff}::timestamptz
          and split_part(k.key, ':', 1) in ('session', 'identity-key', 'tctoken', 'lid-mapping', 'device-list')
          and ${contactOf} not in (h.pn, h.lid)
          and case ${kindOf}
            when 'session' then jsonb_typeof(k.value->'_sessions') = 'object'
              and not exists (select 1 from jsonb_each(k.value->'_sessions') e where not (e.value ? 'pendingPreKey'))
            when 'identity-key' then not exists (select 1 from ${whatsappAuthKeys} s
              where s.account_id = k.account_id and s.key = 'session:' || substr(k.key, length('identity-key:') + 1))
            when 'lid-mapping' then k.key not like '%\\_reverse' and not exists (select 1 from ${whatsappAuthKeys} s
              where s.account_id = k.account_id and s.key = 'session:' || (k.value #>> '{}') || '_1.0')
            else true
          end
        order by k.written_at
        limit ${limit}
      ) k
      limit ${limit}
    )
    delete from ${whatsappAuthKeys} d using old
    where d.account_id = old.account_id and d.key = old.key and d.written_at < ${cutoff}::timestamptz`);
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
}

/**
 * When the housekeeping round prunes: every PRUNE_EVERY_MS, and at once again while a run found a full batch
 * (a backlog goes a batch a round, 10 s apart, instead of waiting).
 */
export class KeyPruneTurn {
  static readonly PRUNE_EVERY_MS = 10 * 60_000;
  private nextAt = 0;

  constructor(
    private readonly prune: () => Promise<number>,
    private readonly limit = KEY_PRUNE_BATCH,
  ) {}

  async run(now = Date.now()): Promise<void> {
    if (now < this.nextAt) return;
    const deleted = await this.prune();
    this.nextAt = deleted >= this.limit ? 0 : now + KeyPruneTurn.PRUNE_EVERY_MS;
  }
}
