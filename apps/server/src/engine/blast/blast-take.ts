/**
 * What a blast round needs before it sends, read with the account in one round trip (DESIGN §5.6, §10): the
 * next active number nobody is sending to, least recently sent first, named on the account in the same
 * statement (a crash between two statements would leave a number marked in use that no account names, never
 * to be sent to again); the active template used least; and the pause after the send, from the account, its
 * owner or the service. The template is not locked: concurrent rounds may pick the same least-used one, and its use is
 * counted when the outcome is recorded (ledger/record-send.ts), so the rotation evens out over the next
 * rounds instead of every account in the fleet queueing on one row.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { files, messageLogs, messageTemplates, phoneNumbers, users, whatsappAccounts } from '../../db/schema.ts';
import { settingText, settingValue } from '../../db/settings-row.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { DEFAULT_HEALTH_THRESHOLDS, DEFAULT_SAFETY, paceOf } from '../../rules/safety/defaults.ts';
import type { HealthThresholds } from '../../rules/safety/health.ts';
import type { SafetySettings } from '../../rules/safety/send-policy.ts';
import { BoundedCache } from '../../wa/bounded-cache.ts';
import type { AccountRow } from '../account-read.ts';

export interface Taken {
  id: number;
  number: string;
  name: string;
}

export interface Material {
  number: Taken | null;
  template: Pick<
    typeof messageTemplates.$inferSelect,
    'id' | 'text_wa' | 'captions' | 'buttons' | 'media_file_id'
  > | null;
  /** The pause after this round, in whole seconds. */
  interval: { min: number; max: number };
  /** The account safety settings as this round found them (send-policy.ts). */
  safety: SafetySettings;
  /** The health thresholds as this round found them (health.ts). */
  health: HealthThresholds;
}

/**
 * The number may not have been sent `template` within the settings' repeat window, while `enforce` (the
 * account safety rule is on): a probe per candidate on the logs' (number, sent_at) index.
 */
export function notSentTemplateLately(numberId: SQL, templateId: SQL, enforce: SQL): SQL {
  const days = settingValue('template_repeat_days');
  return sql`not exists (select 1 from ${messageLogs} m
    where ${enforce} and m.phone_number_id = ${numberId} and m.template_id = ${templateId} and m.status = 'success'
      and coalesce(${days}, 0) > 0 and m.sent_at > now() - make_interval(days => coalesce(${days}, 0)))`;
}

/** Whether any active number is free to be sent to again in the run begun `since` (a looping blast starting over). */
export async function anyNumberLeft(
  db: Db,
  since: Date,
  templateId: number | null,
  enforce: boolean,
): Promise<boolean> {
  const [number] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(
      sql`${phoneNumbers.status} = 'active' and ${phoneNumbers.in_use} = false
          and (${phoneNumbers.last_sent} is null or ${phoneNumbers.last_sent} < ${since.toISOString()})
          and ${notSentTemplateLately(sql`${phoneNumbers.id}`, sql`${templateId}::int`, sql`${enforce}`)}`,
    )
    .limit(1);
  return number !== undefined;
}

const roundStatement = preparedPer((db) => {
  const accountId = sql.placeholder('accountId');
  const template = db.$with('template').as(
    db
      .select({
        id: messageTemplates.id,
        text_wa: messageTemplates.text_wa,
        captions: messageTemplates.captions,
        buttons: messageTemplates.buttons,
        media_file_id: messageTemplates.media_file_id,
      })
      .from(messageTemplates)
      .where(eq(messageTemplates.status, 'active'))
      .orderBy(messageTemplates.count_use, messageTemplates.id)
      .limit(1),
  );
  // A number is taken only for an account this worker holds and whose blast may send, as round() would
  // decide from the row the same statement reads.
  const taken = db
    .$with('taken', {
      id: sql<number>`taken_id`.as('taken_id'),
      number: sql<string>`taken_number`.as('taken_number'),
      name: sql<string>`taken_name`.as('taken_name'),
    })
    .as(
      sql`update ${phoneNumbers} set in_use = true
          where ${phoneNumbers.id} = (select ${phoneNumbers.id} from ${phoneNumbers}
             where ${phoneNumbers.status} = 'active' and ${phoneNumbers.in_use} = false
               and (${phoneNumbers.last_sent} is null or ${phoneNumbers.last_sent} < ${sql.placeholder('since')})
               and ${notSentTemplateLately(sql`${phoneNumbers.id}`, sql`(select id from template)`, sql`${sql.placeholder('enforce')}::boolean`)}
               and exists (select 1 from ${whatsappAccounts}
                 where ${whatsappAccounts.id} = ${accountId}
                   and ${whatsappAccounts.owner_id} = ${sql.placeholder('workerId')}
                   and ${whatsappAccounts.blasting} and not ${whatsappAccounts.suspended}
                   and ${whatsappAccounts.sending_enabled})
             order by ${phoneNumbers.last_sent} asc nulls first, ${phoneNumbers.id}
             limit 1 for update skip locked)
          returning id as taken_id, number as taken_number, name as taken_name`,
    );
  const named = db.$with('named', { id: sql<number>`id`.as('id') }).as(
    sql`update ${whatsappAccounts} set blast_number_id = taken.taken_id from taken
          where ${whatsappAccounts.id} = ${accountId} returning ${whatsappAccounts.id}`,
  );
  return db
    .with(template, taken, named)
    .select({
      account: whatsappAccounts,
      ownerMin: users.blast_interval_min,
      ownerMax: users.blast_interval_max,
      serviceMin: settingValue('interval_min'),
      serviceMax: settingValue('interval_max'),
      dailyCap: settingValue('daily_cap'),
      dailyCapStep: settingValue('daily_cap_step'),
      dailyCapMax: settingValue('daily_cap_max'),
      warmupDays: settingValue('warmup_days'),
      warmupStartCap: settingValue('warmup_start_cap'),
      windowStart: settingText('send_window_start'),
      windowEnd: settingText('send_window_end'),
      repeatDays: settingValue('template_repeat_days'),
      healthSlowBelow: settingValue('health_slow_below'),
      healthPauseBelow: settingValue('health_pause_below'),
      templateId: template.id,
      text_wa: template.text_wa,
      captions: template.captions,
      buttons: template.buttons,
      media_file_id: template.media_file_id,
      numberId: taken.id,
      number: taken.number,
      name: taken.name,
    })
    .from(whatsappAccounts)
    .innerJoin(users, eq(users.id, whatsappAccounts.user_id))
    .leftJoin(template, sql`true`)
    .leftJoin(taken, sql`true`)
    .where(eq(whatsappAccounts.id, accountId))
    .prepare('blast_round');
});

/**
 * The account as a round starts, and, when this worker holds it and its blast may send, the round's
 * material: one round trip for both.
 */
export async function readRound(
  db: Db,
  workerId: string,
  accountId: number,
  since: Date,
  enforce: boolean,
): Promise<{ account: AccountRow | undefined; material: Material }> {
  const [row] = await roundStatement(db).execute({ accountId, workerId, since: since.toISOString(), enforce });
  const interval = paceOf(
    [row?.account.interval_min, row?.account.interval_max],
    [row?.ownerMin, row?.ownerMax],
    [row?.serviceMin, row?.serviceMax],
  );
  return {
    account: row?.account,
    material: {
      number: row?.numberId == null ? null : { id: row.numberId, number: row.number ?? '', name: row.name ?? '' },
      template:
        row?.templateId == null
          ? null
          : {
              id: row.templateId,
              text_wa: row.text_wa ?? '',
              captions: row.captions ?? [],
              buttons: row.buttons ?? [],
              media_file_id: row.media_file_id ?? null,
            },
      interval,
      safety: {
        daily_cap: row?.dailyCap ?? DEFAULT_SAFETY.daily_cap,
        daily_cap_step: row?.dailyCapStep ?? DEFAULT_SAFETY.daily_cap_step,
        daily_cap_max: row?.dailyCapMax ?? DEFAULT_SAFETY.daily_cap_max,
        warmup_days: row?.warmupDays ?? DEFAULT_SAFETY.warmup_days,
        warmup_start_cap: row?.warmupStartCap ?? DEFAULT_SAFETY.warmup_start_cap,
        send_window_start: row?.windowStart ?? DEFAULT_SAFETY.send_window_start,
        send_window_end: row?.windowEnd ?? DEFAULT_SAFETY.send_window_end,
        template_repeat_days: row?.repeatDays ?? DEFAULT_SAFETY.template_repeat_days,
      },
      health: {
        health_slow_below: row?.healthSlowBelow ?? DEFAULT_HEALTH_THRESHOLDS.health_slow_below,
        health_pause_below: row?.healthPauseBelow ?? DEFAULT_HEALTH_THRESHOLDS.health_pause_below,
      },
    },
  };
}

type Media = { bytes: Buffer; mime: string; name: string };

/**
 * A template's media read once per worker rather than once per send: a file row never changes (a new
 * upload is a new row), and the few templates in use at a time fit in a handful of entries.
 */
export class MediaFiles {
  private readonly cache = new BoundedCache<Media>(16, 10 * 60_000);

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  async of(fileId: number | null): Promise<Media | undefined> {
    if (fileId === null) return undefined;
    const key = String(fileId);
    const known = this.cache.get(key);
    if (known) return known;
    const [media] = await this.db
      .select({ mime: files.mime, name: files.name })
      .from(files)
      .where(eq(files.id, fileId));
    if (!media) return undefined;
    // The driver sends the file whole, so it is gathered whole here, but a chunk at a time off the store.
    const pieces: Buffer[] = [];
    for await (const piece of this.store.get(fileId)) pieces.push(piece as Buffer);
    const value = { bytes: Buffer.concat(pieces), mime: media.mime, name: media.name };
    this.cache.set(key, value);
    return value;
  }
}
