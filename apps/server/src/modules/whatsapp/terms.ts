/**
 * The member's own terms for an account (issue 23 item 3): its owner alone sets them, since they say when the
 * owner's phone is theirs. Admins and devs see them on the row but change the service's settings, the
 * account's interval and its Sending tick instead (docs/decisions.md). The engine reads them with the account
 * each round, so that a narrowing holds from the next send; a blast the old terms held back looks again at once.
 */

import type { TMemberTermsRequest } from '@sewablast/contract/member-terms';
import { TERMS_TEXT } from '@sewablast/contract/safety';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

interface TermsDeps {
  db: Db;
  mustSee: (actor: Actor, id: number) => Promise<AccountRow>;
  present: (row: AccountRow) => Promise<TWhatsapp>;
  /** The engine's recheck of a blast held back (engine.ts); null where no engine runs. */
  recheck: (clientid: string) => Promise<void>;
}

export function createTerms({ db, mustSee, present, recheck }: TermsDeps) {
  return async function setTerms(actor: Actor, terms: TMemberTermsRequest): Promise<TWhatsapp> {
    const account = await mustSee(actor, terms.id);
    if (account.user_id !== actor.id) throw forbidden(TERMS_TEXT.ownerOnly);
    const [row] = await db
      .update(whatsappAccounts)
      .set({
        member_daily_cap: terms.member_daily_cap,
        member_window_start: terms.member_window_start,
        member_window_end: terms.member_window_end,
      })
      .where(eq(whatsappAccounts.id, account.id))
      .returning();
    if (!row) throw notFound(SERVER_TEXT.notFound);
    await recheck(row.clientid);
    return present(row);
  };
}
