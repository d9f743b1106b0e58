/**
 * What an account sent lately, in `whatsapp_sent_messages`, as the driver's store for retry requests: a
 * recipient whose phone could not decrypt a message asks for it again by id, and the driver resends it
 * from here, whichever worker holds the account by then. Kept SENT_KEEP_DAYS, then pruned by the host's
 * housekeeping round.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappSentMessages } from '../../db/schema.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import type { SentMessageStore } from '../../wa/driver.ts';

/** A phone that has not asked for a message again within this many days never will: it is long past. */
export const SENT_KEEP_DAYS = 3;
/** Rows deleted per statement, so that a prune never holds many locks or runs long. */
const PRUNE_BATCH = 5000;
/** Batches per housekeeping round; what is left goes next round. */
const PRUNE_ROUNDS = 20;

/**
 * The sent-message stores of one worker's sessions: every send puts its message, and the puts of sessions
 * sending at the same moment are written in one statement (lib/group-commit.ts).
 */
export class SentMessages {
  private readonly puts: GroupCommit<{ accountId: number; id: string; content: Uint8Array }, void>;

  constructor(private readonly db: Db) {
    this.puts = new GroupCommit<{ accountId: number; id: string; content: Uint8Array }, void>(async (rows) => {
      // A message id is written once; the same id again is the same message.
      await db
        .insert(whatsappSentMessages)
        .values(
          rows.map((row) => ({ account_id: row.accountId, message_id: row.id, content: Buffer.from(row.content) })),
        )
        .onConflictDoNothing();
      return rows.map(() => undefined);
    });
  }

  of(accountId: number): SentMessageStore {
    return {
      get: async (id) => {
        const [row] = await this.db
          .select({ content: whatsappSentMessages.content })
          .from(whatsappSentMessages)
          .where(and(eq(whatsappSentMessages.account_id, accountId), eq(whatsappSentMessages.message_id, id)));
        return row?.content;
      },
      put: (id, content) => this.puts.add({ accountId, id, content }),
    };
  }
}

/** Deletes sent messages older than SENT_KEEP_DAYS, a batch at a time. */
export async function pruneSentMessages(db: Db): Promise<void> {
  const expired = lt(whatsappSentMessages.created_at, sql`now() - make_interval(days => ${SENT_KEEP_DAYS})`);
  for (let round = 0; round < PRUNE_ROUNDS; round++) {
    const batch = db
      .select({ account_id: whatsappSentMessages.account_id, message_id: whatsappSentMessages.message_id })
      .from(whatsappSentMessages)
      .where(expired)
      .limit(PRUNE_BATCH)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(whatsappSentMessages)
      .where(sql`(${whatsappSentMessages.account_id}, ${whatsappSentMessages.message_id}) in (${batch})`)
      .returning({ id: whatsappSentMessages.message_id });
    if (deleted.length < PRUNE_BATCH) return;
  }
}
