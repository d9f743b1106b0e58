/** The four roles of the service; spec part 1 §3: any role other than member, staff or dev acts as admin. */
export const ROLES = ['member', 'staff', 'admin', 'dev'] as const;
export type Role = (typeof ROLES)[number];

export function effectiveRole(role: string | null | undefined): Role | null {
  if (!role) return null;
  if (role === 'member' || role === 'staff' || role === 'dev') return role;
  return 'admin';
}

/**
 * The groups of the spec's route tables (part 1 §2, part 2 §2), named once: the dashboard's guard and menus
 * and the server's access rules use these, never role lists of their own.
 */
export const ROLE_GROUPS = {
  /** Every signed-in user. */
  everyone: ['member', 'dev', 'admin', 'staff'],
  /** Members and those who run them: bonuses, accounts, referrals. */
  memberSide: ['dev', 'admin', 'member'],
  /** Who withdraws money: members, and devs to try it (admins have no /withdraw). */
  withdraw: ['dev', 'member'],
  /** Staff, admin and dev: withdraw requests, generators, validators, the shared `client-admin` channel. */
  backOffice: ['dev', 'admin', 'staff'],
  /** Admins and devs: members, numbers, proxies, templates, levels, settings, the Blaster; others' rows. */
  managers: ['dev', 'admin'],
  /** The monitors and the simulator's controls. */
  devOnly: ['dev'],
  /** Members alone: the referral list (spec part 2 §6: "only a member fetches the referral list"). */
  memberOnly: ['member'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

export function inGroup(role: Role, group: RoleGroup): boolean {
  return (ROLE_GROUPS[group] as readonly Role[]).includes(role);
}
