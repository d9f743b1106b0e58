/**
 * The account the link screen has just linked for a job form: 'Daftar Baru' on a generator or validator
 * form leads there (`/whatsapp/create?type=…`), and the form it goes back to chooses that account rather
 * than the first. Kept in memory for this tab and taken once.
 */
export type LinkedFor = 'generator' | 'validator';

let handoff: { type: LinkedFor; id: number } | null = null;

export function handOverLinked(type: LinkedFor, id: number): void {
  handoff = { type, id };
}

/** The account linked for this form, if it is among `ids`; taken, so that a later visit starts as usual. */
export function takeLinked(type: LinkedFor, ids: readonly number[]): number | null {
  if (!handoff || handoff.type !== type || !ids.includes(handoff.id)) return null;
  const { id } = handoff;
  handoff = null;
  return id;
}
