import type { Role } from '@sewablast/contract/roles';

/** Who is calling: taken from the verified token and the user's current row, never from the request. */
export interface Actor {
  id: number;
  role: Role;
  /** The sign-in session of the caller's token (absent for work no request started). */
  sessionId?: number;
}
