/**
 * What Baileys 7 tells about a send WhatsApp refused with 463, so that the driver resolves what it can
 * itself: a reach-out timelock (wait until its end), a contact moved to a LID (send once more to the LID), a
 * missing trusted-contact token (fetch it, send once more). Also where a LID sender's phone number is found.
 */
import type { ReachoutTimelockState } from 'baileys';
import type { BaileysSocket } from './baileys-socket.ts';

export interface Timelock {
  active: boolean;
  /** Its end as WhatsApp told it; null when it named none. */
  end: Date | null;
}

export interface Reachout {
  /** The account's reach-out timelock as WhatsApp answers it now. */
  timelock(socket: BaileysSocket): Promise<Timelock>;
  /** The LID a phone-number JID is known under, asked of WhatsApp when the account does not know it yet. */
  lidOf(socket: BaileysSocket, jid: string): Promise<string | null>;
  /** The phone-number JID of a LID, when the account learned it (no query: WhatsApp offers no reverse lookup). */
  phoneOf(socket: BaileysSocket, lid: string): Promise<string | null>;
  /** Fetches the recipient's trusted-contact token; true when one is now stored and the send may go again. */
  fetchTcToken(socket: BaileysSocket, jid: string): Promise<boolean>;
}

/** A timelock as Baileys reports it (its query, or its `connection.update`), its end as a date or null. */
export function timelockOf(state: ReachoutTimelockState): Timelock {
  return { active: Boolean(state.isActive), end: state.timeEnforcementEnds ?? null };
}

/** Whether a timelock keeps the account from reaching out at `now` (ms): active, with an end still ahead. */
export function holds(lock: Timelock | null, now: number): lock is Timelock & { end: Date } {
  return Boolean(lock?.active && lock.end && lock.end.getTime() > now);
}

/** Baileys 7.0.0-rc14: its timelock query, its LID map and its privacy-token IQ. */
export const reachoutOf7: Reachout = {
  timelock: async (socket) => timelockOf(await socket.fetchAccountReachoutTimelock()),
  // The same lookup Baileys makes for every 1:1 relay (the token's key): stored, else one USync LID query.
  lidOf: (socket, jid) => socket.signalRepository.lidMapping.getLIDForPN(jid),
  phoneOf: (socket, lid) => socket.signalRepository.lidMapping.getPNForLID(lid),
  async fetchTcToken(socket, jid) {
    // Baileys' own token code, not exported by its index; loaded with the driver, never by the simulator.
    const { isTcTokenExpired, resolveIssuanceJid, resolveTcTokenJid, storeTcTokensFromIqResult } = await import(
      'baileys/lib/Utils/tc-token-utils.js'
    );
    const { lidMapping } = socket.signalRepository;
    const getLIDForPN = lidMapping.getLIDForPN.bind(lidMapping);
    const storage = await resolveTcTokenJid(jid, getLIDForPN);
    const issueTo = await resolveIssuanceJid(
      jid,
      socket.serverProps.lidTrustedTokenIssueToLid,
      getLIDForPN,
      lidMapping.getPNForLID.bind(lidMapping),
    );
    // WhatsApp answers our token's issuance with the contact's own token, as Baileys' recovery after a 463 reads it.
    const result = await socket.issuePrivacyTokens([issueTo], Math.floor(Date.now() / 1000));
    await storeTcTokensFromIqResult({ result, fallbackJid: storage, keys: socket.authState.keys, getLIDForPN });
    const entry = (await socket.authState.keys.get('tctoken', [storage]))[storage];
    return Boolean(entry?.token?.length) && !isTcTokenExpired(entry?.timestamp);
  },
};
