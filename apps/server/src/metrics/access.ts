/**
 * Who may scrape (DESIGN §9: closed to the public): on the API port, a bearer token equal to METRICS_TOKEN,
 * and without one configured the endpoint does not exist; on METRICS_PORT, a listener bound to METRICS_HOST
 * (loopback unless told otherwise), the token too when one is configured.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { bearerToken } from '../http/access.ts';

export type ScrapeRefusal = { code: 'unauthenticated' | 'forbidden' | 'not_found'; msg: string };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Null when the scrape may go ahead; compared in constant time, so a guess learns nothing from timing. */
export function refuseScrape(
  authorization: string | undefined,
  token: string | undefined,
  tokenRequired: boolean,
): ScrapeRefusal | null {
  if (token === undefined) return tokenRequired ? { code: 'not_found', msg: SERVER_TEXT.notFound } : null;
  const given = bearerToken(authorization);
  if (given === null) return { code: 'unauthenticated', msg: TEXT.tokenMissing };
  return timingSafeEqual(digest(given), digest(token)) ? null : { code: 'forbidden', msg: SERVER_TEXT.forbidden };
}
