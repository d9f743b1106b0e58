/**
 * Every table of DESIGN §4. Money is integer rupiah in bigint; times are timestamptz. The indexes serve
 * the paged searches and the engine's pickers, so that lists stay fast at a million rows.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const money = (name: string) => bigint(name, { mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  created_at: stamp('created_at').notNull().defaultNow(),
  updated_at: stamp('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const levels = pgTable(
  'levels',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    blast_fee: money('blast_fee').notNull(),
    requirement_blast: integer('requirement_blast').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('levels_requirement_idx').on(t.requirement_blast),
    // Two levels named alike ('Platinum', 'platinum') would be told apart by nobody reading a badge.
    uniqueIndex('levels_name_lower_unique').on(sql`lower(${t.name})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstname: varchar('firstname', { length: 100 }).notNull(),
    lastname: varchar('lastname', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    password_hash: text('password_hash').notNull(),
    role: varchar('role', { length: 10 }).notNull().default('member'),
    referral_code: varchar('referral_code', { length: 8 }).notNull(),
    referred_by: integer('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    level_id: integer('level_id').references(() => levels.id, { onDelete: 'set null' }),
    blast_interval_min: integer('blast_interval_min'),
    blast_interval_max: integer('blast_interval_max'),
    account_bank: varchar('account_bank', { length: 100 }),
    account_number: varchar('account_number', { length: 50 }),
    account_name: varchar('account_name', { length: 100 }),
    total_success: bigint('total_success', { mode: 'number' }).notNull().default(0),
    last_seen_at: stamp('last_seen_at'),
    /** Carried by every token; raising it (a password change) ends every session signed before. */
    token_version: integer('token_version').notNull().default(0),
    /** Set when an admin gives a temporary password: the next sign-in must choose a new one. */
    must_change_password: boolean('must_change_password').notNull().default(false),
    /** When the payout bank account last changed: a withdrawal soon after is flagged for the staff. */
    bank_changed_at: stamp('bank_changed_at'),
    /** When the temporary password was given: it is refused after TEMPORARY_PASSWORD_HOURS (none: refused). */
    temporary_password_at: stamp('temporary_password_at'),
    /**
     * False while a mailed confirmation link waits for the address (only when SMTP_URL is set); true for
     * every account that existed before confirmation came, and for every account made without mail.
     */
    email_confirmed: boolean('email_confirmed').notNull().default(true),
    /** The TOTP secret, sealed with a key derived from JWT_SECRET (modules/auth/two-factor-secret.ts). */
    totp_secret: text('totp_secret'),
    /** When the second factor was confirmed; null while it is off or only being set up. */
    totp_enabled_at: stamp('totp_enabled_at'),
    /** The last TOTP time step accepted: a code of that step or an older one is never accepted again. */
    totp_last_step: bigint('totp_last_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_referral_code_unique').on(t.referral_code),
    index('users_referred_by_idx').on(t.referred_by),
    index('users_role_created_idx').on(t.role, t.created_at),
    index('users_email_pattern_idx').on(t.email.op('varchar_pattern_ops')),
    index('users_last_seen_idx').on(t.last_seen_at),
    // Member search by the start of a first name, a full name or a last name (DESIGN §10: 100 000 members),
    // for one or two characters; from three, anywhere in the full name or the email (trigrams, lib/like.ts).
    // A trigram index's pending list (fastupdate) is read through on every search until a vacuum merges it, and
    // autovacuum waits for many changed rows: users and accounts come one at a time, so they go straight into
    // the index.
    index('users_fullname_pattern_idx').on(sql`lower(${t.firstname} || ' ' || ${t.lastname}) varchar_pattern_ops`),
    index('users_lastname_pattern_idx').on(sql`lower(${t.lastname}) varchar_pattern_ops`),
    index('users_fullname_trgm_idx')
      .using('gin', sql`lower(${t.firstname} || ' ' || ${t.lastname}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('users_role_check', sql`${t.role} in ('member', 'staff', 'admin', 'dev')`),
  ],
);

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  interval_min: integer('interval_min').notNull(),
  interval_max: integer('interval_max').notNull(),
  price: money('price').notNull(),
  bank_names: text('bank_names').notNull(),
  colors: text('colors').notNull(),
  referral_percent: integer('referral_percent').notNull().default(0),
  info: text('info').notNull().default(''),
  /** The sign-up page's terms and privacy policy; empty means the contract's Indonesian default text. */
  terms: text('terms').notNull().default(''),
  privacy_policy: text('privacy_policy').notNull().default(''),
  /**
   * Account safety (rules/safety/send-policy.ts; the reasoning behind the defaults is in docs/decisions.md): the most
   * messages an account sends in one sending day once warmed up; the warm-up's length and its first day's cap;
   * the service's sending hours (HH:MM in BUSINESS_TZ, crossing midnight when the start is the later; equal
   * means all day); and the days within which one number is not sent the same template again (0: no rule).
   */
  daily_cap: integer('daily_cap').notNull().default(200),
  warmup_days: integer('warmup_days').notNull().default(10),
  warmup_start_cap: integer('warmup_start_cap').notNull().default(20),
  send_window_start: varchar('send_window_start', { length: 5 }).notNull().default('08:00'),
  send_window_end: varchar('send_window_end', { length: 5 }).notNull().default('20:00'),
  template_repeat_days: integer('template_repeat_days').notNull().default(7),
  /**
   * A proven account's cap (rules/safety/proven-cap.ts): each sending day after its warm-up that it sends its whole cap
   * without a restriction and in good health adds `daily_cap_step`, up to `daily_cap_max`.
   */
  daily_cap_step: integer('daily_cap_step').notNull().default(20),
  daily_cap_max: integer('daily_cap_max').notNull().default(800),
  /** Number checks (generators, validators) one account may make in any hour (engine/checks/check-budget.ts). */
  lookups_per_hour: integer('lookups_per_hour').notNull().default(30),
  /**
   * Health-driven pacing (rules/safety/health.ts): below `health_slow_below` an account's interval is stretched and its
   * cap lowered in proportion; below `health_pause_below` it pauses until its health recovers (0: never).
   */
  health_slow_below: integer('health_slow_below').notNull().default(70),
  health_pause_below: integer('health_pause_below').notNull().default(40),
  ...timestamps,
});

/**
 * An uploaded file's name, type and size; its bytes are in the file store its `location` names (`file_chunks`,
 * or the S3 bucket of S3_URL). A row is `complete` once every byte is stored: until then it is an upload under
 * way, or one cut off, which the store sweeps away. `bytes` holds the whole file of a row stored before files were chunked, and nothing
 * for any other; it is read in slices, never whole.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes'),
    sha256: varchar('sha256', { length: 64 }),
    complete: boolean('complete').notNull().default(true),
    /** The store holding the bytes: every file before S3_URL was set, and every file without it, 'database'. */
    location: varchar('location', { length: 16 }).$type<'database' | 's3'>().notNull().default('database'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('files_user_idx').on(t.user_id),
    index('files_incomplete_idx').on(t.created_at).where(sql`${t.complete} = false`),
  ],
);

/** A file's bytes in pieces of 64 KB, each keyed by the offset of its first byte in the file. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: bigint('position', { mode: 'number' }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.position] })],
);

/**
 * The skipped rows of a user's latest file import in an area ('phonenumber', 'proxy'), kept so that the
 * answer carries only the first ones (DESIGN §6). `complete` is set once every part is written.
 */
export const importReports = pgTable(
  'import_reports',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    area: varchar('area', { length: 20 }).notNull(),
    parts: integer('parts').notNull().default(0),
    complete: boolean('complete').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('import_reports_user_area_idx').on(t.user_id, t.area)],
);

/** One part of a report: up to IMPORT_SKIPPED_PART skipped rows in file order, as JSON text. */
export const importReportParts = pgTable(
  'import_report_parts',
  {
    report_id: integer('report_id')
      .notNull()
      .references(() => importReports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.report_id, t.seq] })],
);

export const proxies = pgTable(
  'proxies',
  {
    id: serial('id').primaryKey(),
    value: varchar('value', { length: 500 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('active'),
    count_use: integer('count_use').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('proxies_value_unique').on(t.value),
    index('proxies_pick_idx').on(t.status, t.count_use),
    // 'karantina': the last account on it was banned; it goes back to the pool only when an admin says so.
    check('proxies_status_check', sql`${t.status} in ('active', 'nonactive', 'in use', 'karantina')`),
  ],
);

export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: serial('id').primaryKey(),
    clientid: varchar('clientid', { length: 64 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phonenumber: varchar('phonenumber', { length: 20 }),
    /**
     * A re-link by a phone whose number is not `phonenumber`: held (state `numberChanged`) until the owner
     * says whether the account takes it (docs/decisions.md).
     */
    pending_phonenumber: varchar('pending_phonenumber', { length: 20 }),
    pushname: varchar('pushname', { length: 100 }),
    server: varchar('server', { length: 64 }),
    auth_state: jsonb('auth_state'),
    proxy_id: integer('proxy_id').references(() => proxies.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 20 }).notNull().default('unknown'),
    status: varchar('status', { length: 10 }).notNull().default('idle'),
    blasting: boolean('blasting').notNull().default(false),
    loop: boolean('loop').notNull().default(false),
    sending_enabled: boolean('sending_enabled').notNull().default(true),
    interval_min: integer('interval_min'),
    interval_max: integer('interval_max'),
    /**
     * The owner's own terms (rules/safety/member-terms.ts): a lower daily cap and narrower sending hours, the hours
     * their phone is theirs. Null: the service's. They only ever narrow the service's cap and hours.
     */
    member_daily_cap: integer('member_daily_cap'),
    member_window_start: varchar('member_window_start', { length: 5 }),
    member_window_end: varchar('member_window_end', { length: 5 }),
    count_success: integer('count_success').notNull().default(0),
    count_fail: integer('count_fail').notNull().default(0),
    /** Successful sends WhatsApp later reported delivered to the recipient's phone (issue 13). */
    count_delivered: integer('count_delivered').notNull().default(0),
    /** The last Reset: a receipt of a message sent before it is not counted, as its success no longer is. */
    counters_reset_at: stamp('counters_reset_at'),
    income: money('income').notNull().default(0),
    suspended: boolean('suspended').notNull().default(false),
    suspended_count: integer('suspended_count').notNull().default(0),
    owner_id: varchar('owner_id', { length: 64 }),
    lease_until: stamp('lease_until'),
    last_error: text('last_error'),
    /**
     * WhatsApp limits what the account may send until then: its reach-out timelock's end, or the cool-down a
     * blast took after a 463 of unknown cause or a 429 (blast-loop.ts). Shown on the row; null when free.
     */
    limited_until: stamp('limited_until'),
    /**
     * The end of the long pause its blast is in (the day's cap spread over the sending hours, send-spread.ts),
     * so that its row says when the next send comes after a reload too; past or null when not pausing.
     */
    spread_until: stamp('spread_until'),
    /**
     * The sending day (rules/safety/send-policy.ts) `sent_count` counts, raised with each logged send in the statement
     * that records it (ledger/record-send.ts), so that the day's cap holds across restarts and takeovers.
     */
    sent_day: date('sent_day', { mode: 'string' }),
    sent_count: integer('sent_count').notNull().default(0),
    /** The last logged send: an account idle for 72 hours warms up again. Null: it warms up from its next send. */
    last_sent_at: stamp('last_sent_at'),
    /** The sending day its current warm-up began. */
    warmup_started_on: date('warmup_started_on', { mode: 'string' }),
    /**
     * Sending days it proved itself since its warm-up, each raising its cap a step (rules/safety/proven-cap.ts): added
     * by the outcome statement of the next day's first send, cut by a restriction as the event log records it
     * (`restricted_at`, so that the day of a restriction never counts).
     */
    proven_days: integer('proven_days').notNull().default(0),
    restricted_at: stamp('restricted_at'),
    /**
     * Its health 0–100 (rules/safety/health.ts) as last computed (`health_at`), the same score for the window ending
     * HEALTH_TREND_HOURS earlier (its trend), and the pacing decision last logged (`ok`, `slowed`, `paused`).
     */
    health: integer('health').notNull().default(100),
    health_before: integer('health_before').notNull().default(100),
    health_at: stamp('health_at'),
    health_state: varchar('health_state', { length: 10 }).notNull().default('ok'),
    /** When the current blast run began: numbers sent since then are done for this run. */
    blast_started_at: stamp('blast_started_at'),
    /** The number being sent right now, released if the process dies mid-send. */
    blast_number_id: integer('blast_number_id'),
    /** The latest message this account received, for listen-message-created. */
    last_message: jsonb('last_message').$type<{ from: string; text: string; at: string }>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('whatsapp_clientid_unique').on(t.clientid),
    index('whatsapp_user_idx').on(t.user_id, t.created_at),
    index('whatsapp_phone_pattern_idx').on(t.phonenumber.op('varchar_pattern_ops')),
    index('whatsapp_phone_trgm_idx').using('gin', t.phonenumber.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('whatsapp_pushname_trgm_idx')
      .using('gin', sql`lower(${t.pushname}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('whatsapp_clientid_trgm_idx').using('gin', t.clientid.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('whatsapp_lease_idx').on(t.blasting, t.lease_until),
    // The admin dashboard's connected / not connected cards count linked accounts by state.
    index('whatsapp_linked_state_idx').on(t.state).where(sql`${t.phonenumber} is not null`),
    check('whatsapp_status_check', sql`${t.status} in ('idle', 'sending')`),
    check('whatsapp_member_window_check', sql`(${t.member_window_start} is null) = (${t.member_window_end} is null)`),
  ],
);

/**
 * What happened to an account (contract `account-events.ts`): disconnects, WhatsApp's codes, bans, proxy changes.
 * Its health is read from it and a lost account's last hours are explained from it; kept ACCOUNT_EVENTS_KEEP_DAYS
 * (rules/safety/account-events.ts).
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    at: stamp('at').notNull().defaultNow(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** WhatsApp's code or the driver's reason, as the row's `last_error` keeps it. */
    code: text('code'),
    detail: jsonb('detail'),
  },
  (t) => [
    index('account_events_account_at_idx').on(t.account_id, t.at),
    index('account_events_at_idx').on(t.at),
    // The accounts lost in a period (modules/account-loss): a few rows among every connect and drop.
    index('account_events_loss_idx').on(t.at).where(sql`${t.kind} in ('suspended', 'temp_banned')`),
  ],
);

/**
 * A linked device's signal keys (Baileys' pre-keys, sessions, sender keys ...), one row each, so that a key
 * change writes one row rather than the whole state, however many contacts the account has reached.
 * `written_at` is the key's last write: what a blast leaves behind of a contact is pruned by its age
 * (engine/session/key-prune.ts), through the index of the kinds that may be.
 */
export const whatsappAuthKeys = pgTable(
  'whatsapp_auth_keys',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 300 }).notNull(),
    value: jsonb('value').notNull(),
    written_at: stamp('written_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.account_id, t.key] }),
    index('whatsapp_auth_keys_prunable_idx')
      .on(t.account_id, t.written_at)
      .where(sql`split_part(${t.key}, ':', 1) in ('session', 'identity-key', 'tctoken', 'lid-mapping', 'device-list')`),
  ],
);

/**
 * What an account sent lately, as WhatsApp's encoded message, so that a recipient whose phone could not
 * decrypt it gets it again when it asks (Baileys' getMessage). Kept for a few days, then pruned.
 */
export const whatsappSentMessages = pgTable(
  'whatsapp_sent_messages',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    message_id: varchar('message_id', { length: 128 }).notNull(),
    content: bytea('content').notNull(),
    created_at: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.message_id] }), index('whatsapp_sent_created_idx').on(t.created_at)],
);

/**
 * One row per number check an account made (engine/checks/check-budget.ts), written just before the check goes out,
 * so that no account makes more than `lookups_per_hour` in any hour, across runs, workers and restarts. Kept
 * for two days, as evidence of what an account did before a ban.
 */
export const numberChecks = pgTable(
  'number_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whatsapp_id: integer('whatsapp_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    checked_at: stamp('checked_at').notNull(),
  },
  (t) => [index('number_checks_account_idx').on(t.whatsapp_id, t.checked_at)],
);

/**
 * Ids per block of `phone_numbers_name_block_idx`: a name's start is read block by block from the newest, and
 * a block's matches are sorted (phonenumber/name-blocks.ts). 1,000,000 numbers are 245 blocks.
 */
export const NAME_BLOCK = 4096;

export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 20 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    in_use: boolean('in_use').notNull().default(false),
    count_success: integer('count_success').notNull().default(0),
    count_fail: integer('count_fail').notNull().default(0),
    last_sent: stamp('last_sent'),
    source: varchar('source', { length: 12 }).notNull().default('manual'),
    ...timestamps,
  },
  (t) => [
    // One index for both uniqueness and the prefix search: pattern ops answer `=` and `like '62…%'` in any
    // collation, and nothing orders by number. Every index costs each import row and each send's update.
    uniqueIndex('phone_numbers_number_unique').on(t.number.op('varchar_pattern_ops')),
    index('phone_numbers_name_pattern_idx').on(sql`lower(${t.name}) varchar_pattern_ops`),
    // A common name's start in the list's order (newest first) without sorting all its matches (issue 24).
    index('phone_numbers_name_block_idx').on(
      sql`(${t.id} / ${sql.raw(String(NAME_BLOCK))})`,
      sql`lower(${t.name}) varchar_pattern_ops`,
    ),
    // A search of three characters or more finds them anywhere in a number or a name (lib/like.ts). Numbers come
    // by the million, which the pending list takes faster; an import merges it when it is done (import.ts).
    index('phone_numbers_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    index('phone_numbers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The take's whole order (last sent, then id) is the index's: without id, every number never sent (a
    // fresh list: all of them) was read and sorted for each take.
    index('phone_numbers_pick_idx').on(t.status, t.in_use, t.last_sent.asc().nullsFirst(), t.id),
    check('phone_numbers_number_check', sql`${t.number} ~ '^62[0-9]+$'`),
    check('phone_numbers_status_check', sql`${t.status} in ('active', 'nonactive')`),
    check('phone_numbers_source_check', sql`${t.source} in ('manual', 'import', 'generator', 'validator')`),
  ],
);

export interface TemplateButton {
  id: string;
  title: string;
  url: string;
  type: 'reply_button' | 'call_button' | 'url_button' | 'stop_button';
}

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    media_file_id: integer('media_file_id').references(() => files.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    text_wa: text('text_wa').notNull().default(''),
    /** WhatsApp captions sent in turn with `text_wa`, each send picking one (contract variants.ts). */
    captions: jsonb('captions').$type<string[]>().notNull().default([]),
    buttons: jsonb('buttons').$type<TemplateButton[]>().notNull().default([]),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    count_use: integer('count_use').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('message_templates_pick_idx').on(t.status, t.count_use),
    check('message_templates_status_check', sql`${t.status} in ('active', 'nonactive')`),
  ],
);

export const messageLogs = pgTable(
  'message_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whatsapp_id: integer('whatsapp_id').references(() => whatsappAccounts.id, { onDelete: 'set null' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone_number_id: integer('phone_number_id').references(() => phoneNumbers.id, { onDelete: 'set null' }),
    template_id: integer('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 10 }).notNull(),
    fee: money('fee').notNull().default(0),
    error: text('error'),
    send_key: varchar('send_key', { length: 120 }).notNull(),
    sent_at: stamp('sent_at').notNull().defaultNow(),
    /** WhatsApp's id of the message sent, which its receipts name. */
    wa_message_id: varchar('wa_message_id', { length: 128 }),
    delivered_at: stamp('delivered_at'),
    read_at: stamp('read_at'),
    /** The template variant the message was (contract variants.ts `variantKey`); null before variants. */
    variant: varchar('variant', { length: 100 }),
    /** The recipient's first answer after this message, and their STOP, as the reply handler saw them. */
    replied_at: stamp('replied_at'),
    stopped_at: stamp('stopped_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_logs_send_key_unique').on(t.send_key),
    // A reply names its sender's number: the last message sent to it is found here.
    index('message_logs_number_sent_idx').on(t.phone_number_id, t.sent_at),
    index('message_logs_wa_message_idx').on(t.whatsapp_id, t.wa_message_id).where(sql`${t.wa_message_id} is not null`),
    index('message_logs_user_sent_idx').on(t.user_id, t.sent_at),
    index('message_logs_whatsapp_idx').on(t.whatsapp_id, t.sent_at),
    // Whether an account had messaged a number before (a first contact, modules/account-loss): one probe.
    index('message_logs_account_number_idx').on(t.whatsapp_id, t.phone_number_id, t.sent_at),
    index('message_logs_status_sent_idx').on(t.status, t.sent_at),
    check('message_logs_status_check', sql`${t.status} in ('success', 'fail')`),
  ],
);

/**
 * How each variant of a template fared, counted as it happens (outcomes, receipts, replies), so that the
 * template list and the engine's weights read a handful of rows, never the message logs.
 */
export const templateVariantStats = pgTable(
  'template_variant_stats',
  {
    template_id: integer('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    variant: varchar('variant', { length: 100 }).notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    stopped: integer('stopped').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.template_id, t.variant] })],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    amount: money('amount').notNull(),
    ref_table: varchar('ref_table', { length: 40 }).notNull(),
    ref_id: bigint('ref_id', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ledger_entries_event_unique').on(t.kind, t.ref_table, t.ref_id),
    index('ledger_entries_user_idx').on(t.user_id, t.kind, t.created_at),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('blast_income', 'referral', 'bonus', 'bonus_revoke', 'withdraw_hold', 'withdraw_release')`,
    ),
  ],
);

export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    admin_id: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    nominal: money('nominal').notNull(),
    reason: text('reason').notNull(),
    /** A deleted bonus stays, revoked, beside the ledger entry that took it back: money rows are never deleted. */
    revoked_at: stamp('revoked_at'),
    revoked_by: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('bonuses_user_idx').on(t.user_id, t.created_at), index('bonuses_created_idx').on(t.created_at)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nominal: money('nominal').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('requested'),
    bank: varchar('bank', { length: 100 }).notNull(),
    account_number: varchar('account_number', { length: 50 }).notNull(),
    account_name: varchar('account_name', { length: 100 }).notNull(),
    decided_by: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: stamp('decided_at'),
    /** The member's last bank account change as it stood when the request was made (users.bank_changed_at). */
    bank_changed_at: stamp('bank_changed_at'),
    ...timestamps,
  },
  (t) => [
    index('withdrawals_user_idx').on(t.user_id, t.created_at),
    index('withdrawals_status_idx').on(t.status, t.created_at),
    // Paid out today / per day (the admin dashboard) and the finance export read accepted rows by decision time.
    index('withdrawals_status_decided_idx').on(t.status, t.decided_at),
    check('withdrawals_status_check', sql`${t.status} in ('requested', 'accepted', 'rejected')`),
  ],
);

/**
 * Each change of a withdrawal's status, with who made it. A release or a re-hold refers to its event in the
 * ledger: a request can be rejected, cancelled and rejected again, and every one of those moves is its own
 * ledger entry under the ledger's unique (kind, ref_table, ref_id).
 */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawal_id: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    from_status: varchar('from_status', { length: 10 }).notNull(),
    to_status: varchar('to_status', { length: 10 }).notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why a paid-out withdrawal was taken back (accepted → requested); required there, empty elsewhere. */
    reason: varchar('reason', { length: 500 }),
    ...timestamps,
  },
  (t) => [
    index('withdrawal_events_withdrawal_idx').on(t.withdrawal_id, t.created_at),
    // The finance export's taken-back payouts by time: rare rows, so a partial index stays small.
    index('withdrawal_events_payout_cancel_idx')
      .on(t.created_at)
      .where(sql`${t.from_status} = 'accepted' and ${t.to_status} = 'requested'`),
  ],
);

const runnerColumns = {
  id: serial('id').primaryKey(),
  whatsapp_id: integer('whatsapp_id').references(() => whatsappAccounts.id, { onDelete: 'set null' }),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  b_insert: boolean('b_insert').notNull().default(false),
  interval_min: integer('interval_min').notNull().default(1),
  interval_max: integer('interval_max').notNull().default(2),
  count_success: integer('count_success').notNull().default(0),
  count_fail: integer('count_fail').notNull().default(0),
  progress: real('progress').notNull().default(0),
  /** Desired state, written by the API: `running` or `stopped`. */
  status: varchar('status', { length: 10 }).notNull().default('stopped'),
  /** Actual state, written by the engine. */
  state: varchar('state', { length: 20 }).notNull().default('idle'),
  owner_id: varchar('owner_id', { length: 64 }),
  lease_until: stamp('lease_until'),
  last_error: text('last_error'),
  ...timestamps,
};

export const generators = pgTable(
  'generators',
  {
    ...runnerColumns,
    start_number: varchar('start_number', { length: 20 }).notNull(),
    end_number: varchar('end_number', { length: 20 }).notNull(),
    current_number: varchar('current_number', { length: 20 }),
  },
  (t) => [index('generators_user_idx').on(t.user_id, t.created_at), index('generators_status_idx').on(t.status)],
);

export const validators = pgTable(
  'validators',
  {
    ...runnerColumns,
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    cursor: integer('cursor').notNull().default(0),
    total: integer('total').notNull().default(0),
  },
  (t) => [index('validators_user_idx').on(t.user_id, t.created_at), index('validators_status_idx').on(t.status)],
);

export const generatorResults = pgTable(
  'generator_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    generator_id: integer('generator_id')
      .notNull()
      .references(() => generators.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 20 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    exists: boolean('exists').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('generator_results_unique').on(t.generator_id, t.number)],
);

export const validatorResults = pgTable(
  'validator_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    validator_id: integer('validator_id')
      .notNull()
      .references(() => validators.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 20 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    exists: boolean('exists').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('validator_results_unique').on(t.validator_id, t.number)],
);

/** Answers to money-moving calls that carried an `Idempotency-Key` (DESIGN §9). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 200 }).notNull(),
    /** The operation the key was first used on, and the SHA-256 of its canonical body: a key names one request. */
    route: varchar('route', { length: 100 }).notNull().default(''),
    request_hash: varchar('request_hash', { length: 64 }).notNull().default(''),
    status_code: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('idempotency_keys_unique').on(t.user_id, t.key)],
);

/**
 * One-time password-reset links (DESIGN §4): only the token's SHA-256 is kept. `email` is the address the link
 * was mailed to: following it proves that address, and confirms it if the account still has it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    /**
     * The address the link went to and the user's token_version then: a link resets only while the account
     * still has both, so a link read in a mailbox the owner has since left, or from before a password
     * change, opens nothing. A link stored before these were kept has no address and opens nothing.
     */
    email: varchar('email', { length: 200 }),
    version: integer('version').notNull().default(0),
    expires_at: stamp('expires_at').notNull(),
    used_at: stamp('used_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('password_resets_token_unique').on(t.token_hash),
    index('password_resets_user_idx').on(t.user_id),
  ],
);

/**
 * A mailed link confirming an email address: only the token's SHA-256 is kept; `email` is the address it was
 * sent to, so that a link to an address the account no longer has confirms nothing.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 200 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: stamp('expires_at').notNull(),
    used_at: stamp('used_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_confirmations_token_unique').on(t.token_hash),
    index('email_confirmations_user_idx').on(t.user_id),
  ],
);

/**
 * One row per sign-in: the token carries its id, so that signing out, revoking it from the profile or
 * "sign out everywhere" ends it on the server. `version` is the user's token_version it was last signed
 * with: a raised version ends it as it ends its tokens.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    user_agent: varchar('user_agent', { length: 300 }).notNull().default(''),
    address: varchar('address', { length: 64 }).notNull().default(''),
    last_seen_at: stamp('last_seen_at').notNull().defaultNow(),
    revoked_at: stamp('revoked_at'),
    ...timestamps,
  },
  (t) => [index('user_sessions_user_idx').on(t.user_id, t.created_at)],
);

/** Single-use recovery codes of a user's second factor, stored as SHA-256 hashes; a used one is deleted. */
export const recoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_recovery_codes_unique').on(t.user_id, t.code_hash)],
);

/**
 * The second step of a sign-in with two factors: handed out after the right password, spent by one right
 * code, ended by its fifth wrong one or its expiry. Only the hash of the challenge is kept.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /** The user's token_version when the password was right: a password change since ends the challenge. */
    version: integer('version').notNull().default(0),
    expires_at: stamp('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('login_challenges_token_unique').on(t.token_hash),
    index('login_challenges_user_idx').on(t.user_id),
  ],
);

/**
 * "Ingat perangkat ini": a browser that may skip the second step until `expires_at`. Only the hash of its
 * token is kept. It holds while the user's token_version is `version` (a new password voids it) and their
 * second factor is the one enabled at `two_factor_since` (turning it off, a new set-up or a reset void it).
 */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    version: integer('version').notNull(),
    two_factor_since: stamp('two_factor_since').notNull(),
    user_agent: varchar('user_agent', { length: 300 }).notNull().default(''),
    address: varchar('address', { length: 64 }).notNull().default(''),
    last_used_at: stamp('last_used_at'),
    expires_at: stamp('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('remembered_devices_token_unique').on(t.token_hash),
    index('remembered_devices_user_idx').on(t.user_id),
  ],
);

/**
 * Back-office actions that move money or power, written in the same transaction as the change (DESIGN §4):
 * who, what, on which row, and the row before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 40 }).notNull(),
    target_table: varchar('target_table', { length: 40 }).notNull(),
    target_id: bigint('target_id', { mode: 'number' }),
    before: jsonb('before'),
    after: jsonb('after'),
    ...timestamps,
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_action_idx').on(t.action, t.created_at),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at),
    index('audit_log_target_idx').on(t.target_table, t.target_id),
  ],
);

/**
 * State derived from the data, not data: kept out of the `public` schema, so that a backup (which copies
 * `public`) neither carries it nor has it collide on restore with what the restore's own writes make.
 */
export const paging = pgSchema('paging');

/**
 * How often each paged list's table has changed, written only by the statement triggers of migration
 * `list_version_triggers` (lib/page-seek.ts). Writers add to the slot of their backend, so that concurrent
 * writers of one table seldom wait on one row; the sum of a table's slots, read in a snapshot, names what
 * that snapshot sees of the table.
 */
export const listVersions = paging.table(
  'list_versions',
  {
    table_name: varchar('table_name', { length: 63 }).notNull(),
    slot: integer('slot').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.slot] })],
);
