/**
 * The one place a blast outcome becomes counts and money (DESIGN §5.3, §5.4, §9). In one transaction:
 * the message log (its send key unique, so a repeat after a crash or a takeover counts nothing), the
 * account's, number's and owner's counters, the owner's fee and the referrer's share as ledger entries,
 * and the owner's level. Rows that change are locked first, so concurrent outcomes serialise.
 */
import { desc, eq, lte, sql } from 'drizzle-orm';
import { type Db, withRetry } from '../db/client.ts';
import { ledgerEntries, levels, messageLogs, phoneNumbers, users, whatsappAccounts } from '../db/schema.ts';
import { settingValue } from '../db/settings-row.ts';
import { blastFee } from './fee.ts';

export interface SendOutcome {
  accountId: number;
  phoneNumberId: number | null;
  templateId: number | null;
  status: 'success' | 'fail';
  error?: string | null;
  /** Unique per account and attempt: the same key twice is the same send. */
  sendKey: string;
  /** WhatsApp's id of a successful send, which its delivery receipts name (engine/receipts.ts). */
  waMessageId?: string | null;
}

export interface RecordedSend {
  logId: number;
  fee: number;
  account: { count_success: number; count_fail: number; income: number };
  referral: { userId: number; amount: number } | null;
  levelId: number | null;
}

/** `floor(fee × percent / 100)` in integer rupiah. */
export function referralShare(fee: number, percent: number): number {
  return Math.floor((fee * Math.max(0, Math.min(100, percent))) / 100);
}

export async function recordSend(db: Db, outcome: SendOutcome): Promise<RecordedSend | null> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: whatsappAccounts.id, user_id: whatsappAccounts.user_id })
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.id, outcome.accountId))
        .for('update');
      if (!account) return null;
      const success = outcome.status === 'success';
      // The owner is locked before the log is written so that the fee goes in with it, in one statement.
      const [owner] = success
        ? await tx
            .select({
              id: users.id,
              level_id: users.level_id,
              referred_by: users.referred_by,
              total_success: users.total_success,
              fee: blastFee(users.level_id),
              referralPercent: settingValue('referral_percent'),
            })
            .from(users)
            .where(eq(users.id, account.user_id))
            .for('update', { of: users })
        : [];
      if (success && !owner) throw new Error('account owner vanished');
      const fee = owner?.fee ?? 0;
      const [log] = await tx
        .insert(messageLogs)
        .values({
          whatsapp_id: account.id,
          user_id: account.user_id,
          phone_number_id: outcome.phoneNumberId,
          template_id: outcome.templateId,
          status: outcome.status,
          error: outcome.error ?? null,
          send_key: outcome.sendKey,
          wa_message_id: outcome.waMessageId ?? null,
          fee,
        })
        .onConflictDoNothing({ target: messageLogs.send_key })
        .returning({ id: messageLogs.id });
      if (!log) return null;

      if (outcome.phoneNumberId !== null) {
        await tx
          .update(phoneNumbers)
          .set({
            in_use: false,
            last_sent: new Date(),
            ...(success
              ? { count_success: sql`${phoneNumbers.count_success} + 1` }
              : { count_fail: sql`${phoneNumbers.count_fail} + 1` }),
          })
          .where(eq(phoneNumbers.id, outcome.phoneNumberId));
      }

      if (!owner) {
        const [counted] = await tx
          .update(whatsappAccounts)
          .set({ count_fail: sql`${whatsappAccounts.count_fail} + 1` })
          .where(eq(whatsappAccounts.id, account.id))
          .returning({
            count_success: whatsappAccounts.count_success,
            count_fail: whatsappAccounts.count_fail,
            income: whatsappAccounts.income,
          });
        if (!counted) throw new Error('account vanished');
        return { logId: log.id, fee: 0, account: counted, referral: null, levelId: null };
      }

      await tx
        .insert(ledgerEntries)
        .values({ user_id: owner.id, kind: 'blast_income', amount: fee, ref_table: 'message_logs', ref_id: log.id });
      let referral: RecordedSend['referral'] = null;
      const share = referralShare(fee, owner.referralPercent ?? 0);
      if (owner.referred_by !== null && share > 0) {
        await tx.insert(ledgerEntries).values({
          user_id: owner.referred_by,
          kind: 'referral',
          amount: share,
          ref_table: 'message_logs',
          ref_id: log.id,
        });
        referral = { userId: owner.referred_by, amount: share };
      }

      const total = owner.total_success + 1;
      const [reached] = await tx
        .select({ id: levels.id })
        .from(levels)
        .where(lte(levels.requirement_blast, total))
        .orderBy(desc(levels.requirement_blast), desc(levels.id))
        .limit(1);
      const levelId = reached?.id ?? null;
      await tx.update(users).set({ total_success: total, level_id: levelId }).where(eq(users.id, owner.id));

      const [counted] = await tx
        .update(whatsappAccounts)
        .set({
          count_success: sql`${whatsappAccounts.count_success} + 1`,
          income: sql`${whatsappAccounts.income} + ${fee}`,
        })
        .where(eq(whatsappAccounts.id, account.id))
        .returning({
          count_success: whatsappAccounts.count_success,
          count_fail: whatsappAccounts.count_fail,
          income: whatsappAccounts.income,
        });
      if (!counted) throw new Error('account vanished');
      return { logId: log.id, fee, account: counted, referral, levelId };
    }),
  );
}
