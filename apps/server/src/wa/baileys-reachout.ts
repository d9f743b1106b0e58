/**
 * What a Baileys version tells about a send WhatsApp refused with 463, so that the driver resolves what it
 * can itself: a reach-out timelock (wait until its end), a missing trusted-contact token (fetch it, send
 * once more), a contact moved to a LID (send once more to the LID). Baileys 7 exposes the timelock and the
 * tokens; 6.7.24 has neither, and knows a contact's LID only from onWhatsApp's answer (number-lookup.ts).
 */
import type { BaileysSocket } from './baileys-socket.ts';

export interface Reachout {
  /** The end of the account's reach-out timelock, or null when it is under none or the version cannot tell. */
  timelockEnd(socket: BaileysSocket): Promise<Date | null>;
  /** Fetches the recipient's trusted-contact token; true when one was fetched and the send may go again. */
  fetchTcToken(socket: BaileysSocket, jid: string): Promise<boolean>;
}

/** Baileys 6.7.24: no timelock query and no tokens. */
export const reachoutOf6: Reachout = {
  timelockEnd: async () => null,
  fetchTcToken: async () => false,
};
