/** The four roles of the service; spec part 1 §3: any role other than member, staff or dev acts as admin. */
export const ROLES = ['member', 'staff', 'admin', 'dev'] as const;
export type Role = (typeof ROLES)[number];

export function effectiveRole(role: string | null | undefined): Role | null {
  if (!role) return null;
  if (role === 'member' || role === 'staff' || role === 'dev') return role;
  return 'admin';
}

/** Staff, admin and dev join the shared `client-admin` live channel and run the back-office. */
export const BACK_OFFICE_ROLES: readonly Role[] = ['staff', 'admin', 'dev'];
export const MANAGER_ROLES: readonly Role[] = ['admin', 'dev'];
