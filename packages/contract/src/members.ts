/**
 * Members as admins and devs run them (spec part 2 §2 Member list, Member edit; §3 Member; §7 Members and
 * messaging): the paged list with its search and status filter, the bonus form's member picker, and the
 * spec's bounded list of members.
 */
import { z } from 'zod';
import { ACTIVE_WINDOW_MINUTES } from './counters.ts';
import { INTERVAL_ORDER_TEXT, intervalsInOrder } from './interval.ts';
import { FILTER_ALL, pageOf, ZId, ZPageQuery } from './paging.ts';

/**
 * A member's status is whether they are using the dashboard now: seen within ACTIVE_WINDOW_MINUTES, as the
 * admin dashboard's 'active members now' card counts them (docs/decisions.md, Members).
 */
export const MEMBER_STATUSES = ['online', 'offline'] as const;
export type TMemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_TEXT = {
  listTitle: 'Daftar Member',
  editTitle: 'Edit Member',
  search: 'Cari Member',
  statusFilter: 'Filter Status',
  allStatuses: FILTER_ALL,
  status: { online: 'Online', offline: 'Offline' } satisfies Record<TMemberStatus, string>,
  statusHint: `Online: membuka dasbor dalam ${ACTIVE_WINDOW_MINUTES} menit terakhir.`,
  settings: 'Pengaturan',
  giveBonus: 'Beri Bonus',
  intervalForm: 'Interval Whatsapp Blast',
  intervalMin: 'Interval Min (s)',
  intervalMax: 'Interval Max (s)',
  intervalHint: 'Kosongkan untuk memakai interval dari pengaturan.',
  intervalInvalid: 'Interval harus bilangan bulat 1 sampai 86400 detik.',
  save: 'Simpan',
  saving: 'Menyimpan...',
  saved: 'Interval member disimpan.',
  loading: 'Loading...',
  noUser: 'No User Found',
  errorPrefix: 'Error: ',
  whatsappTitle: (name: string) => `Akun Whatsapp ${name}`.trim(),
  back: 'Kembali ke Daftar Member',
  pickMember: 'Member',
  pickPlaceholder: 'Cari nama atau email member...',
  pickNone: 'Tidak ada member yang cocok.',
  pickChosen: 'Dipilih:',
  pickNothing: 'Belum ada member dipilih.',
} as const;

/** `s` of the address is `search` here; `status` as MEMBER_STATUSES, anything else means every member. */
export const ZMemberPageQuery = ZPageQuery.extend({ status: z.enum(MEMBER_STATUSES).optional().catch(undefined) });
export type TMemberPageQuery = z.infer<typeof ZMemberPageQuery>;

export const ZMember = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** The level's name, or null without one. */
  level: z.string().nullable(),
  /** The level badge's colour (DESIGN §5.4), or null. */
  color: z.string().nullable(),
  /** Lifetime blast income plus referral shares, as the withdraw page's income: bonuses are not income. */
  income: z.number().int(),
  createdAt: z.string(),
  /** How many WhatsApp accounts the member has linked. */
  whatsapps: z.number().int(),
  blast_interval_min: z.number().int().nullable(),
  blast_interval_max: z.number().int().nullable(),
  role: z.literal('member'),
  status: z.enum(MEMBER_STATUSES),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberPage = pageOf(ZMember);
export type TMemberPage = z.infer<typeof ZMemberPage>;

/** At most this many options answer one search of the picker. */
export const MEMBER_OPTIONS_LIMIT = 20;

/** `id` is a member shown first whatever the search: the one the address preselected. */
export const ZMemberOptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  id: ZId.optional(),
});
export type TMemberOptionsQuery = z.infer<typeof ZMemberOptionsQuery>;

export const ZMemberOption = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type TMemberOption = z.infer<typeof ZMemberOption>;

export const ZMemberOptions = z.object({ list: z.array(ZMemberOption) });
export type TMemberOptions = z.infer<typeof ZMemberOptions>;

/** At most this many members answer one `GET /admin/users/members` (docs/decisions.md, Members). */
export const MEMBERS_LIST_LIMIT = 100;

/** `search` as the member list's: the start of a full name, a last name or an email. */
export const ZMembersQuery = z.object({ search: z.string().trim().max(100).optional() });
export type TMembersQuery = z.infer<typeof ZMembersQuery>;

/** A member as a picker needs them: who they are, nothing of their money or settings. */
export const ZMemberSummary = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});

/** `users` by full name; `more` when other members match than the MEMBERS_LIST_LIMIT shown. */
export const ZMembers = z.object({ users: z.array(ZMemberSummary), more: z.boolean() });
export type TMembers = z.infer<typeof ZMembers>;

const intervalInvalid = { error: MEMBER_TEXT.intervalInvalid };
/** An empty box is no interval of the member's own: the settings' interval applies (DESIGN §5.6). */
const ZIntervalField = z
  .number(intervalInvalid)
  .int(intervalInvalid)
  .min(1, intervalInvalid)
  .max(86_400, intervalInvalid)
  .nullish()
  .transform((value) => value ?? null);

/** 'Edit Member's form 'Interval Whatsapp Blast': what PUT /admin/users/{id} receives from it. */
export const ZMemberIntervals = z
  .object({ blast_interval_min: ZIntervalField, blast_interval_max: ZIntervalField })
  .refine((value) => intervalsInOrder(value.blast_interval_min, value.blast_interval_max), {
    error: INTERVAL_ORDER_TEXT,
    path: ['blast_interval_min'],
  });
export type TMemberIntervals = z.infer<typeof ZMemberIntervals>;
