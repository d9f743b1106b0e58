/**
 * Sign-in sessions (`user_sessions`): every token names one, so that signing out, revoking a device from the
 * profile and signing out everywhere end it on the server. A session is live while it is not revoked, its
 * user's `token_version` is the one it was signed with, and it is younger than a token's lifetime. Every
 * change is announced on the event bus, and each node's live gateway checks that user's sockets again.
 *
 * The session is read joined with its user: authenticating a request stays one query, as it was before
 * sessions existed.
 */
import { TOKEN_TTL_SECONDS } from '@sewablast/contract/auth';
import type { TSession } from '@sewablast/contract/sessions';
import { SESSION_TEXT, TEMPORARY_PASSWORD_HOURS } from '@sewablast/contract/sessions-text';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { userSessions, users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../live/bus.ts';
import type { UserRow } from '../users/service.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

export type SessionRow = typeof userSessions.$inferSelect;

/** Where a sign-in came from, as the profile's list shows it. */
export interface SessionClient {
  userAgent: string;
  address: string;
}

/** Last-seen is written at most this often per session, never on every request. */
const LAST_SEEN_EVERY_SECONDS = 60;

/** A temporary password is refused once it is older than its 72 hours, or of unknown age. */
export function temporaryPasswordExpired(user: Pick<UserRow, 'temporary_password_at'>, now = Date.now()): boolean {
  const given = user.temporary_password_at;
  return !given || now - given.getTime() > TEMPORARY_PASSWORD_HOURS * 3_600_000;
}

const sessionOfToken = preparedPer((db) =>
  db
    .select({ user: users, session: userSessions })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.user_id))
    .where(and(eq(userSessions.id, sql.placeholder('session')), eq(userSessions.user_id, sql.placeholder('user'))))
    .prepare('session_of_token'),
);

export function createSessionService(db: Db, tokens: TokenService, bus: Pick<EventBus, 'sessionsChanged'>) {
  const oldest = () => new Date(Date.now() - TOKEN_TTL_SECONDS * 1000);
  const live = (userId: number) =>
    and(
      eq(userSessions.user_id, userId),
      isNull(userSessions.revoked_at),
      eq(userSessions.version, sql`(SELECT ${users.token_version} FROM ${users} WHERE ${users.id} = ${userId})`),
      gt(userSessions.created_at, oldest()),
    );

  /** Every node checks the user's live sockets again (live/gateway.ts). */
  async function announce(userId: number): Promise<void> {
    await bus.sessionsChanged(userId);
  }

  return {
    announce,

    /**
     * A new session for a sign-in, and its token; the user counts as seen. The user's dead sessions are
     * cleared on the way.
     */
    async start(user: Pick<UserRow, 'id' | 'token_version'>, client: SessionClient): Promise<string> {
      await db
        .delete(userSessions)
        .where(
          and(
            eq(userSessions.user_id, user.id),
            or(
              isNotNull(userSessions.revoked_at),
              ne(userSessions.version, user.token_version),
              lt(userSessions.created_at, oldest()),
            ),
          ),
        );
      const [row] = await db
        .insert(userSessions)
        .values({
          user_id: user.id,
          version: user.token_version,
          user_agent: client.userAgent.slice(0, 300),
          address: client.address.slice(0, 64),
        })
        .returning({ id: userSessions.id });
      if (!row) throw new Error('session not created');
      // A sign-in is being seen (the admin dashboard's "active members now"), as the session's row says.
      await db.update(users).set({ last_seen_at: new Date() }).where(eq(users.id, user.id));
      return tokens.sign({ userId: user.id, version: user.token_version, sessionId: row.id });
    },

    /**
     * The token's session with its user, in one read; undefined when there is no such session of that user. Read
     * on every signed-in request, so prepared: still read each time (a revoked session is refused on the next
     * request), without building the statement or PostgreSQL planning it again.
     */
    async find(claims: TokenClaims): Promise<{ user: UserRow; session: SessionRow } | undefined> {
      const [row] = await sessionOfToken(db).execute({ session: claims.sessionId, user: claims.userId });
      return row;
    },

    /**
     * Records that the session (and its user: the admin dashboard's "active members now") was seen, once a
     * minute at most: the row read for this request says when it was last written, and the write re-checks,
     * so a burst of parallel requests writes once.
     */
    async seen(session: SessionRow): Promise<void> {
      if (Date.now() - session.last_seen_at.getTime() < LAST_SEEN_EVERY_SECONDS * 1000) return;
      await db.execute(sql`
        WITH touched AS (
          UPDATE ${userSessions} SET last_seen_at = now()
          WHERE id = ${session.id} AND last_seen_at < now() - make_interval(secs => ${LAST_SEEN_EVERY_SECONDS})
          RETURNING user_id
        )
        UPDATE ${users} SET last_seen_at = now() WHERE id IN (SELECT user_id FROM touched)`);
    },

    /**
     * After the caller changed their own password (which raised their token_version and so ended every
     * session), this session goes on: it takes the new version and a fresh token.
     */
    async resume(actor: Actor, user: Pick<UserRow, 'id' | 'token_version'>): Promise<string> {
      const sessionId = actor.sessionId;
      if (sessionId === undefined) throw new Error('the caller has no session');
      await db
        .update(userSessions)
        .set({ version: user.token_version })
        .where(and(eq(userSessions.id, sessionId), eq(userSessions.user_id, user.id)));
      return tokens.sign({ userId: user.id, version: user.token_version, sessionId });
    },

    async list(actor: Actor): Promise<TSession[]> {
      const rows = await db
        .select()
        .from(userSessions)
        .where(live(actor.id))
        .orderBy(desc(userSessions.last_seen_at), desc(userSessions.id));
      return rows.map((session) => ({
        id: session.id,
        user_agent: session.user_agent,
        address: session.address,
        created_at: session.created_at.toISOString(),
        last_seen_at: session.last_seen_at.toISOString(),
        current: session.id === actor.sessionId,
      }));
    },

    /** Ends one of the caller's other sessions; another user's session is answered as one that does not exist. */
    async revoke(actor: Actor, id: number): Promise<void> {
      if (id === actor.sessionId) throw badRequest(SESSION_TEXT.notCurrent);
      const [ended] = await db
        .update(userSessions)
        .set({ revoked_at: new Date() })
        .where(and(eq(userSessions.id, id), live(actor.id)))
        .returning({ id: userSessions.id });
      if (!ended) throw notFound(SESSION_TEXT.notFound);
      await announce(actor.id);
    },

    /** "Keluar dari semua perangkat": every session of the caller but this one ends. */
    async revokeOthers(actor: Actor): Promise<number> {
      const others = actor.sessionId === undefined ? sql`true` : ne(userSessions.id, actor.sessionId);
      const ended = await db
        .update(userSessions)
        .set({ revoked_at: new Date() })
        .where(and(live(actor.id), others))
        .returning({ id: userSessions.id });
      await announce(actor.id);
      return ended.length;
    },

    /**
     * Sign-out: the token's session ends. A token that is forged, expired or already ended changes nothing, nor
     * does one signed before a password change: its session may have gone on with a fresh token (`resume`).
     */
    async signOut(token: string): Promise<void> {
      const claims = await tokens.verify(token);
      if (!claims) return;
      const ended = await db
        .update(userSessions)
        .set({ revoked_at: new Date() })
        .where(
          and(
            eq(userSessions.id, claims.sessionId),
            eq(userSessions.user_id, claims.userId),
            eq(userSessions.version, claims.version),
            isNull(userSessions.revoked_at),
          ),
        )
        .returning({ id: userSessions.id });
      if (ended.length > 0) await announce(claims.userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
