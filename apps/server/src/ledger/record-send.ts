/**
 * The one place blast outcomes become counts and money (DESIGN §5.3, §5.4, §9): one statement, so one
 * round trip however many outcomes it carries, and atomic like a transaction. It writes the message logs
 * (their send keys unique, so a repeat after a crash or a takeover counts nothing), the accounts', numbers',
 * templates', template variants' and owners' counters, each owner's fee and the referrer's share as ledger
 * entries, and each owner's level. A batch prices every success at its owner's level as the statement found it: a level
 * reached inside a batch pays from the next one.
 */
import { sql } from 'drizzle-orm';
import { type Db, withRetry } from '../db/client.ts';
import {
  ledgerEntries,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  templateVariantStats,
  users,
  whatsappAccounts,
} from '../db/schema.ts';
import { blastFee, levelReachedBy, referralShare } from './fee.ts';

export interface SendOutcome {
  accountId: number;
  phoneNumberId: number | null;
  templateId: number | null;
  status: 'success' | 'fail';
  error?: string | null;
  /** Unique per account and attempt: the same key twice is the same send. */
  sendKey: string;
  /** WhatsApp's id of a successful send, which its delivery receipts name (engine/session/receipts.ts). */
  waMessageId?: string | null;
  /** The template variant sent (engine/blast/variants.ts), counted in its figures. */
  variant?: string | null;
  /**
   * The sending day the send counts under toward its account's cap (rules/safety/send-policy.ts), the day its
   * warm-up began, and when it was sent; left out, the send is not counted toward a cap.
   */
  day?: string | null;
  warmupFrom?: string | null;
  sentAt?: Date | null;
  /**
   * What the send does to its account's proven days (rules/safety/proven-cap.ts): `step` counts the account's last
   * sending day if this is the first send of a new one, `reset` starts them again with a new warm-up.
   */
  proven?: 'step' | 'reset' | null;
}

export interface RecordedSend {
  logId: number;
  fee: number;
  account: { count_success: number; count_fail: number; income: number };
  /** The account's sends counted toward its cap and the sending day they count in (rules/safety/send-policy.ts). */
  sent: { day: string | null; count: number };
  referral: { userId: number; amount: number } | null;
  levelId: number | null;
}

interface Row {
  ord: string;
  log_id: string | null;
  fee: string | null;
  count_success: number | null;
  count_fail: number | null;
  income: string | null;
  sent_day: string | null;
  sent_count: number | null;
  referrer: number | null;
  share: string | null;
  level_id: number | null;
}

/**
 * Records each outcome once; null for an outcome whose send key was already recorded or whose account is
 * gone. The answers are in the order of `outcomes`.
 */
export async function recordSends(db: Db, outcomes: SendOutcome[]): Promise<(RecordedSend | null)[]> {
  if (outcomes.length === 0) return [];
  const column = <T>(pick: (outcome: SendOutcome) => T) => sql.param(outcomes.map(pick));
  const share = referralShare(sql`l.fee`);
  const statement = sql`
    with input as (
      select * from unnest(
        ${column((o) => o.accountId)}::int[], ${column((o) => o.phoneNumberId)}::int[],
        ${column((o) => o.templateId)}::int[], ${column((o) => o.status)}::varchar[],
        ${column((o) => o.error ?? null)}::text[], ${column((o) => o.sendKey)}::varchar[],
        ${column((o) => o.waMessageId ?? null)}::varchar[], ${column((o) => o.variant ?? null)}::varchar[],
        ${column((o) => o.day ?? null)}::date[], ${column((o) => o.warmupFrom ?? null)}::date[],
        ${column((o) => o.sentAt?.toISOString() ?? null)}::timestamptz[], ${column((o) => o.proven ?? null)}::text[]
      ) with ordinality as i(account_id, phone_number_id, template_id, status, error, send_key, wa_message_id,
        variant, day, warmup_from, sent_at, proven, ord)
    ),
    owners as (
      select a.id as account_id, ${users}.id as user_id, ${users}.referred_by, ${blastFee(users.level_id)} as fee
      from ${whatsappAccounts} a join ${users} on ${users}.id = a.user_id
      where a.id in (select account_id from input)
    ),
    locked as (
      select a.id from ${whatsappAccounts} a where a.id in (select account_id from input) order by a.id for no key update
    ),
    logs as (
      insert into ${messageLogs} (whatsapp_id, user_id, phone_number_id, template_id, status, error, send_key,
        wa_message_id, variant, fee)
      select i.account_id, o.user_id, i.phone_number_id, i.template_id, i.status, i.error, i.send_key,
        i.wa_message_id, i.variant, case when i.status = 'success' then o.fee else 0 end
      from input i join owners o on o.account_id = i.account_id
      order by i.ord
      on conflict (send_key) do nothing
      returning id, whatsapp_id, user_id, phone_number_id, template_id, status, fee, send_key, variant
    ),
    numbers as (
      update ${phoneNumbers} p set in_use = false, updated_at = now(),
        last_sent = case when n.logged > 0 then now() else p.last_sent end,
        count_success = p.count_success + n.successes, count_fail = p.count_fail + n.failures
      from (
        select i.phone_number_id as id, count(l.id) as logged,
          count(l.id) filter (where l.status = 'success') as successes,
          count(l.id) filter (where l.status = 'fail') as failures
        from input i left join logs l on l.send_key = i.send_key
        where i.phone_number_id is not null group by i.phone_number_id
      ) n
      where p.id = n.id
      returning p.id
    ),
    templates as (
      update ${messageTemplates} t set count_use = t.count_use + u.uses, updated_at = now()
      from (select template_id as id, count(*) as uses from logs where template_id is not null group by template_id) u
      where t.id = u.id
      returning t.id
    ),
    variants as (
      insert into ${templateVariantStats} as s (template_id, variant, sent, failed)
      select template_id, variant, count(*) filter (where status = 'success'), count(*) filter (where status = 'fail')
      from logs where template_id is not null and variant is not null group by template_id, variant
      on conflict (template_id, variant) do update
        set sent = s.sent + excluded.sent, failed = s.failed + excluded.failed
      returning s.template_id
    ),
    credits as (
      insert into ${ledgerEntries} (user_id, kind, amount, ref_table, ref_id)
      select l.user_id, 'blast_income', l.fee, 'message_logs', l.id from logs l where l.status = 'success'
      union all
      select o.referred_by, 'referral', ${share}, 'message_logs', l.id
      from logs l join owners o on o.account_id = l.whatsapp_id
      where l.status = 'success' and o.referred_by is not null and ${share} > 0
      returning user_id, kind, amount, ref_id
    ),
    promoted as (
      update ${users} u set updated_at = now(), total_success = u.total_success + g.successes,
        level_id = ${levelReachedBy(sql`u.total_success + g.successes`)}
      from (select user_id, count(*) as successes from logs where status = 'success' group by user_id) g
      where u.id = g.user_id
      returning u.id, u.level_id
    ),
    counted as (
      update ${whatsappAccounts} a set updated_at = now(),
        count_success = a.count_success + t.successes, count_fail = a.count_fail + t.failures,
        income = a.income + t.income,
        blast_number_id = case when a.blast_number_id = any(t.numbers) then null else a.blast_number_id end,
        proven_days = case
          when t.logged = 0 then a.proven_days
          when t.proven = 'reset' then 0
          when t.proven = 'step' and a.sent_day < t.day then a.proven_days + 1
          else a.proven_days end,
        sent_count = case
          when t.day is null or t.logged = 0 then a.sent_count
          when a.sent_day = t.day then a.sent_count + t.logged
          else t.logged end,
        sent_day = case when t.day is null or t.logged = 0 then a.sent_day else t.day end,
        last_sent_at = case when t.logged = 0 then a.last_sent_at else coalesce(t.sent_at, now()) end,
        warmup_started_on = case when t.logged = 0 then a.warmup_started_on
          else coalesce(t.warmup_from, a.warmup_started_on) end
      from (
        select i.account_id, array_agg(i.phone_number_id) as numbers, count(l.id) as logged,
          max(i.day) as day, max(i.warmup_from) as warmup_from, max(i.sent_at) as sent_at,
          min(i.proven) as proven,
          count(l.id) filter (where l.status = 'success') as successes,
          count(l.id) filter (where l.status = 'fail') as failures,
          coalesce(sum(l.fee) filter (where l.status = 'success'), 0) as income
        from input i left join logs l on l.send_key = i.send_key group by i.account_id
      ) t
      where a.id = t.account_id and a.id in (select id from locked)
      returning a.id, a.count_success, a.count_fail, a.income, a.sent_day::text as sent_day, a.sent_count
    )
    select i.ord, l.id as log_id, l.fee, c.count_success, c.count_fail, c.income, c.sent_day, c.sent_count,
      r.user_id as referrer, r.amount as share, p.level_id
    from input i
    left join logs l on l.send_key = i.send_key
    left join counted c on c.id = i.account_id
    left join credits r on r.ref_id = l.id and r.kind = 'referral'
    left join promoted p on p.id = l.user_id and l.status = 'success'
    order by i.ord`;
  const result = await withRetry(() => db.execute(statement));
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((row) => {
    if (row.log_id === null || row.count_success === null) return null;
    return {
      logId: Number(row.log_id),
      fee: Number(row.fee),
      account: {
        count_success: Number(row.count_success),
        count_fail: Number(row.count_fail),
        income: Number(row.income),
      },
      sent: { day: row.sent_day, count: Number(row.sent_count) },
      referral: row.referrer === null ? null : { userId: Number(row.referrer), amount: Number(row.share) },
      levelId: row.level_id === null ? null : Number(row.level_id),
    };
  });
}

export async function recordSend(db: Db, outcome: SendOutcome): Promise<RecordedSend | null> {
  const [recorded] = await recordSends(db, [outcome]);
  return recorded ?? null;
}
