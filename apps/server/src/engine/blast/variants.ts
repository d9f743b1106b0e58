/**
 * The one place a blast chooses its text: a caption of the template and an option of each of its choices
 * (contract variants.ts), weighted by how each fared so far; and the replies and STOPs a variant earns,
 * counted on the message they answer.
 */
import {
  type ParsedCaption,
  type PickedVariant,
  parseCaptions,
  pickVariant,
  type VariantFigures,
  type VariantWeights,
  variantWeights,
} from '@sewablast/contract/variants';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageLogs, phoneNumbers, templateVariantStats } from '../../db/schema.ts';
import { BoundedCache } from '../../wa/bounded-cache.ts';

/** Weights are read again after this long: a minute of sends more or less moves them little. */
const WEIGHTS_TTL_MS = 60_000;

export interface VariantSource {
  id: number;
  text_wa: string;
  captions: string[];
}

interface Known {
  /** The captions the weights were read for: an edited template is read afresh. */
  source: string;
  captions: ParsedCaption[];
  weights: VariantWeights;
}

/** A worker's choice of variants: a template's weights read once a minute, not once a send. */
export class VariantPicker {
  private readonly cache = new BoundedCache<Known>(64, WEIGHTS_TTL_MS);

  constructor(private readonly db: Db) {}

  async pick(template: VariantSource, random: () => number): Promise<PickedVariant> {
    const texts = [template.text_wa, ...template.captions];
    const source = JSON.stringify(texts);
    const key = String(template.id);
    let known = this.cache.get(key);
    if (known?.source !== source) {
      const captions = parseCaptions(texts);
      known = { source, captions, weights: variantWeights(captions, await readFigures(this.db, template.id)) };
      this.cache.set(key, known);
    }
    return pickVariant(known.captions, random, known.weights);
  }
}

/** A template's figures per variant, from its counters (a handful of rows on the primary key). */
export async function readFigures(db: Db, templateId: number): Promise<Map<string, VariantFigures>> {
  const rows = await db.select().from(templateVariantStats).where(eq(templateVariantStats.template_id, templateId));
  return new Map(rows.map(({ template_id: _, variant, ...figures }) => [variant, figures]));
}

/**
 * A reply from `number` to `accountId` answers the last message the account sent it: that message counts
 * its variant one reply (the first only) and, for a STOP, one STOP.
 */
export async function countReply(db: Db, accountId: number, number: string, stop: boolean): Promise<void> {
  await db.execute(sql`
    with target as (
      select m.id, m.template_id, m.variant, m.replied_at is null as new_reply,
        ${stop}::boolean and m.stopped_at is null as new_stop
      from ${messageLogs} m
      where m.phone_number_id = (select ${phoneNumbers.id} from ${phoneNumbers} where ${phoneNumbers.number} = ${number})
        and m.whatsapp_id = ${accountId} and m.status = 'success'
      order by m.sent_at desc limit 1
      for update of m
    ),
    marked as (
      update ${messageLogs} set replied_at = coalesce(${messageLogs.replied_at}, now()),
        stopped_at = case when target.new_stop then now() else ${messageLogs.stopped_at} end
      from target where ${messageLogs.id} = target.id
      returning target.template_id, target.variant, target.new_reply, target.new_stop
    )
    update ${templateVariantStats} s
    set replied = s.replied + marked.new_reply::int, stopped = s.stopped + marked.new_stop::int
    from marked where s.template_id = marked.template_id and s.variant = marked.variant`);
}
