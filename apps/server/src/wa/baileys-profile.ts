/**
 * The account's own name (pushname). A fresh link rarely knows it when it opens: WhatsApp sends it later
 * through app-state sync, which Baileys passes on as `creds.update` with `me.name`, or as a contact entry
 * for the account's own JID. Each new name is passed on once.
 */
import type { BaileysEventMap } from 'baileys';

type BaileysModule = typeof import('baileys');

export class PushnameWatch {
  /** The name last passed on (in `authenticated` or `profile`); null until one was. */
  private known: string | null = null;

  constructor(
    private readonly lib: BaileysModule,
    private readonly emit: (pushname: string) => void,
  ) {}

  /** The name the account was announced with when it linked. */
  announced(name: string) {
    this.known = name;
  }

  /** A name from the credentials or the contact list; passed on when it is new. */
  offer(name: string | null | undefined) {
    const pushname = name?.trim();
    if (!pushname || pushname === this.known) return;
    this.known = pushname;
    this.emit(pushname);
  }

  /** Contact entries: only the account's own, by its phone-number or LID JID, carry its pushname. */
  onContacts(contacts: BaileysEventMap['contacts.update'], me: { id?: string; lid?: string } | undefined) {
    const own = [me?.id, me?.lid].filter((jid): jid is string => Boolean(jid));
    for (const contact of contacts) {
      const ids = [contact.id, contact.phoneNumber, contact.lid].filter((jid): jid is string => Boolean(jid));
      if (ids.some((id) => own.some((jid) => this.lib.areJidsSameUser(id, jid)))) this.offer(contact.notify);
    }
  }
}
