/**
 * A member's referees (spec part 2 §2 Referral): each with the referral shares their blasts brought the
 * member; and for admins and devs every referral of the service. The referees are users (users/referees.ts),
 * the shares ledger entries (ledger/referral-shares.ts).
 */
import type {
  TReferral,
  TReferralLink,
  TReferralPage,
  TReferralPageQuery,
  TReferralsPage,
  TReferralsQuery,
} from '@sewablast/contract/referral';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { Db } from '../../db/client.ts';
import { sharesBy, sharesToReferrers, totalShares } from '../../ledger/referral-shares.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/app-error.ts';
import { paged } from '../../lib/paging.ts';
import { peopleById, type Referee, refereesOf, referralsMatching } from '../users/referees.ts';

export function createReferralService(db: Db) {
  return {
    /**
     * Every referral of the service for admins and devs, newest sign-up first; `search` finds a word in the
     * referee's or the referrer's name or email.
     */
    async all(actor: Actor, query: TReferralsQuery): Promise<TReferralsPage> {
      requireAccess(actor, { group: 'managers' });
      const present = async (rows: Referee[]): Promise<TReferralLink[]> => {
        const [income, referrers] = await Promise.all([
          sharesToReferrers(db, rows),
          peopleById(
            db,
            rows.map((row) => row.referred_by ?? 0),
          ),
        ]);
        return rows.map((row) => ({
          referee: { id: row.id, firstname: row.firstname, lastname: row.lastname, email: row.email },
          referrer: referrers.get(row.referred_by ?? 0) ?? {
            id: row.referred_by ?? 0,
            firstname: '',
            lastname: '',
            email: '',
          },
          createdAt: row.created_at.toISOString(),
          income: income.get(row.id) ?? 0,
        }));
      };
      const [page, total] = await Promise.all([
        paged(db, query, referralsMatching(query.search), present),
        totalShares(db),
      ]);
      return { ...page, total };
    },

    /** The caller's own referees, newest first; only members fetch it (spec part 2 §6). */
    async page(actor: Actor, query: TReferralPageQuery): Promise<TReferralPage> {
      const referrerId = query.userId ?? actor.id;
      requireAccess(actor, { group: 'memberOnly' });
      // Nobody reads another member's referees: there is no role that manages this list.
      if (referrerId !== actor.id) throw forbidden(SERVER_TEXT.forbidden);
      const present = async (rows: Referee[]): Promise<TReferral[]> => {
        const income = await sharesBy(
          db,
          referrerId,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({
          id: row.id,
          firstname: row.firstname,
          lastname: row.lastname,
          email: row.email,
          income: income.get(row.id) ?? 0,
        }));
      };
      const page = await paged(db, query, refereesOf(referrerId), present);
      return { list: page.data, total: await totalShares(db, referrerId), meta: page.meta };
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
