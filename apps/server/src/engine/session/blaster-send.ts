/**
 * One message sent right now through an account's session (the Blaster page), outside any blast: retried as
 * a blast's send is, a dropped session waited for until it reconnects (retry.ts). It announces nothing: the
 * account's row on the dashboard shows its blast, which this send is no part of.
 */
import { ENGINE_TEXT } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { countSend } from '../../metrics/engine-metrics.ts';
import type { WaSession } from '../../wa/driver.ts';
import { type Recipient, type SendOutcome, sendTemplate } from '../blast/send.ts';
import { EngineUnavailable } from '../engine.ts';
import { awaitReconnect, type RetryPace } from '../retry.ts';

export interface BlasterSendParts {
  db: Db;
  /** The account's session while this process holds it. */
  session: (clientid: string) => WaSession | undefined;
  /** The host is stopping: a send not yet out gives up. */
  halted: () => boolean;
  /** Milliseconds in one second of send time; tests run faster. */
  secondMs: number;
}

export async function sendNow(
  parts: BlasterSendParts,
  clientid: string,
  to: Recipient,
  message: { text: string },
): Promise<SendOutcome> {
  const [account] = await parts.db
    .select({ id: whatsappAccounts.id })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.clientid, clientid));
  if (!account || !parts.session(clientid)) throw new EngineUnavailable(ENGINE_TEXT.noSession);
  const pace: RetryPace = {
    session: () => parts.session(clientid),
    halted: parts.halted,
    sleep: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * parts.secondMs)),
    attempting: async () => {},
    reconnected: () => awaitReconnect(parts.db, account.id, pace),
  };
  return countSend(await sendTemplate(pace, to, message), 'blaster');
}
