/**
 * A template's figures for the list: its variants' counters summed, and each variant with its text and the
 * weight the engine gives it now (contract variants.ts), most sent first.
 */
import type { TTemplateVariant, TVariantFigures } from '@sewablast/contract/message';
import { parseCaptions, parseVariantKey, variantText, variantWeights } from '@sewablast/contract/variants';
import type { templateVariantStats } from '../../db/schema.ts';

export type FigureRow = typeof templateVariantStats.$inferSelect;

const NONE: TVariantFigures = { sent: 0, failed: 0, delivered: 0, read: 0, replied: 0, stopped: 0 };

export function templateFigures(
  texts: string[],
  rows: FigureRow[],
): { figures: TVariantFigures; variants: TTemplateVariant[] } {
  const captions = parseCaptions(texts);
  const weights = variantWeights(
    captions,
    new Map(rows.map(({ template_id: _, variant, ...counts }) => [variant, counts])),
  );
  const figures = { ...NONE };
  const variants = rows.map(({ template_id: _, variant, ...counts }) => {
    for (const name of Object.keys(figures) as (keyof TVariantFigures)[]) figures[name] += counts[name];
    const key = parseVariantKey(variant);
    const weight = key
      ? key.choices.reduce(
          (product, option, group) => product * (weights.options[key.caption]?.[group]?.[option] ?? 1),
          weights.captions[key.caption] ?? 1,
        )
      : 1;
    return { variant, text: variantText(captions, variant), weight, ...counts };
  });
  variants.sort((a, b) => b.sent + b.failed - (a.sent + a.failed) || a.variant.localeCompare(b.variant));
  return { figures, variants };
}
