/**
 * When an account wants to work, in TypeScript for a row in hand and in SQL for many rows at once: the two
 * must agree (account-works.test.ts runs the SQL over every state and compares). A run, a check or a blast
 * goes only on an account that may work; a blast also needs its owner to have started it.
 */
import { sql } from 'drizzle-orm';
import { whatsappAccounts } from '../db/schema.ts';
import type { AccountRow } from './account-read.ts';

/** Connected and not suspended: it may run a job, check numbers or blast. */
export const canWork = (account: Pick<AccountRow, 'suspended' | 'state'>): boolean =>
  !account.suspended && account.state === 'connected';

/** `canWork` of the row of `whatsapp_accounts` the query reads. */
export const CAN_WORK = sql<boolean>`(not ${whatsappAccounts.suspended} and ${whatsappAccounts.state} = 'connected')`;

/** Its blast is started and it may work. */
export const wantsBlast = (account: Pick<AccountRow, 'blasting' | 'suspended' | 'state'>): boolean =>
  account.blasting && canWork(account);

/** `wantsBlast` of the row of `whatsapp_accounts` the query reads. */
export const WANTS_BLAST = sql<boolean>`(${whatsappAccounts.blasting} and ${CAN_WORK})`;
