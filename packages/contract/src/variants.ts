/**
 * Message variants: a template's captions, each of which may hold choices (`{Halo|Hai|Selamat siang}`), so
 * that no account sends the same body a hundred times. The form checks the syntax with these rules, the
 * server refuses what they refuse, and the engine picks a variant with them, weighted by how each caption and
 * each option fared (`variantWeights`). A brace group without `|` is not a choice: `{name}` and
 * `{phoneNumber}` stay placeholders, filled in after the pick.
 */

/** Text as it is, or a choice of options (each option text, which may hold placeholders). */
export type Piece = string | string[];

export interface ParsedCaption {
  pieces: Piece[];
  /** How many choices the caption holds. */
  groups: number;
}

export const MAX_CAPTIONS = 10;
export const MAX_GROUPS = 20;
export const MAX_OPTIONS = 20;

export const VARIANT_TEXT = {
  unclosed: (snippet: string) => `Kurung kurawal '{' tidak ditutup: "${snippet}".`,
  unopened: (snippet: string) => `Kurung kurawal '}' tidak punya pembuka '{': "${snippet}".`,
  nested: (snippet: string) => `Varian di dalam varian tidak didukung: "${snippet}".`,
  emptyOption: (snippet: string) => `Varian "${snippet}" punya pilihan kosong.`,
  tooManyGroups: `Maksimal ${MAX_GROUPS} varian dalam satu caption.`,
  tooManyOptions: (snippet: string) => `Varian "${snippet}" punya lebih dari ${MAX_OPTIONS} pilihan.`,
  tooManyCaptions: `Maksimal ${MAX_CAPTIONS} caption.`,
  captionIn: (position: number, error: string) => `Caption tambahan ke-${position}: ${error}`,
  badCaptions: 'Format caption tambahan tidak valid.',
} as const;

const SNIPPET = 40;
const snippet = (text: string, from: number, to = text.length) => {
  const part = text.slice(from, Math.min(to, from + SNIPPET));
  return to - from > SNIPPET ? `${part}…` : part;
};

/** The caption's pieces, or the first problem in Indonesian, naming where it is. */
export function parseCaption(text: string): { caption: ParsedCaption; error: null } | { caption: null; error: string } {
  const pieces: Piece[] = [];
  let groups = 0;
  let literal = '';
  let at = 0;
  const fail = (error: string) => ({ caption: null, error }) as const;
  while (at < text.length) {
    const char = text[at];
    if (char === '}') return fail(VARIANT_TEXT.unopened(snippet(text, Math.max(0, at - SNIPPET + 1), at + 1)));
    if (char !== '{') {
      literal += char;
      at++;
      continue;
    }
    // A group: its options split on `|`; a `{word}` inside an option is a placeholder, a `{a|b}` is nesting.
    const options: string[] = [];
    let option = '';
    let end = at + 1;
    let inner = -1;
    for (; end < text.length; end++) {
      const c = text.charAt(end);
      if (c === '}') {
        if (inner < 0) break;
        option += text.slice(inner, end + 1);
        inner = -1;
      } else if (c === '{' || (c === '|' && inner >= 0)) {
        if (inner >= 0) return fail(VARIANT_TEXT.nested(snippet(text, at)));
        inner = end;
      } else if (c === '|') {
        options.push(option);
        option = '';
      } else if (inner < 0) option += c;
    }
    if (end >= text.length) return fail(VARIANT_TEXT.unclosed(snippet(text, at)));
    options.push(option);
    const whole = text.slice(at, end + 1);
    if (options.length === 1) {
      literal += whole;
    } else {
      if (options.some((option) => option.trim() === '')) return fail(VARIANT_TEXT.emptyOption(snippet(whole, 0)));
      if (options.length > MAX_OPTIONS) return fail(VARIANT_TEXT.tooManyOptions(snippet(whole, 0)));
      if (++groups > MAX_GROUPS) return fail(VARIANT_TEXT.tooManyGroups);
      if (literal) pieces.push(literal);
      literal = '';
      pieces.push(options);
    }
    at = end + 1;
  }
  if (literal) pieces.push(literal);
  return { caption: { pieces, groups }, error: null };
}

/** Captions checked; the first problem, naming which further caption it is in when `extra`. */
export function checkCaptions(captions: readonly string[], extra = false): string | null {
  if (captions.length > MAX_CAPTIONS) return VARIANT_TEXT.tooManyCaptions;
  for (const [index, text] of captions.entries()) {
    const { error } = parseCaption(text);
    if (error) return extra ? VARIANT_TEXT.captionIn(index + 1, error) : error;
  }
  return null;
}

/**
 * A variant's name in the message log and the figures: the caption's index, then each choice's option,
 * `1:0.2` = second caption, first option of its first choice, third of its second.
 */
export function variantKey(caption: number, choices: readonly number[]): string {
  return `${caption}:${choices.join('.')}`;
}

export function parseVariantKey(key: string): { caption: number; choices: number[] } | null {
  const match = /^(\d+):((?:\d+(?:\.\d+)*)?)$/.exec(key);
  if (!match) return null;
  return { caption: Number(match[1]), choices: match[2] ? match[2].split('.').map(Number) : [] };
}

/** How a variant fared: the counters of `template_variant_stats`. */
export interface VariantFigures {
  sent: number;
  failed: number;
  delivered: number;
  read: number;
  replied: number;
  stopped: number;
}

/** Weights of the captions, and of each caption's choices' options; 1 where nothing stands out. */
export interface VariantWeights {
  captions: number[];
  options: number[][][];
}

/** A fresh option counts as PRIOR_SENDS sends at its siblings' own rate, so a few unlucky sends move it little. */
export const PRIOR_SENDS = 200;
/** No option is ever picked less than this share of an average one: it keeps being tried and can recover. */
export const WEIGHT_FLOOR = 0.1;

interface Tally {
  tried: number;
  bad: number;
}

/**
 * The weights of siblings (the captions, or one choice's options) from their tallies: each one's bad rate
 * (failed plus STOP over sent plus failed) smoothed toward the siblings' pooled rate by PRIOR_SENDS, and its
 * weight the square of the pooled rate over its own, at most 1 and at least WEIGHT_FLOOR. An option no worse
 * than average keeps 1; one twice as bad as the pool (once smoothed) is picked a quarter as often.
 */
export function siblingWeights(tallies: readonly Tally[]): number[] {
  const tried = tallies.reduce((sum, tally) => sum + tally.tried, 0);
  const bad = tallies.reduce((sum, tally) => sum + tally.bad, 0);
  if (tried === 0 || bad === 0) return tallies.map(() => 1);
  const pooled = bad / tried;
  return tallies.map((tally) => {
    const smoothed = (tally.bad + PRIOR_SENDS * pooled) / (tally.tried + PRIOR_SENDS);
    return Math.max(WEIGHT_FLOOR, Math.min(1, (pooled / smoothed) ** 2));
  });
}

/** The weights of a template's variants from the figures of the variants sent so far (keyed by variantKey). */
export function variantWeights(
  captions: readonly ParsedCaption[],
  figures: ReadonlyMap<string, VariantFigures>,
): VariantWeights {
  const captionTallies = captions.map(() => ({ tried: 0, bad: 0 }));
  const optionTallies = captions.map((caption) =>
    caption.pieces.filter(Array.isArray).map((options) => options.map(() => ({ tried: 0, bad: 0 }))),
  );
  for (const [key, figure] of figures) {
    const variant = parseVariantKey(key);
    const tally = variant && captionTallies[variant.caption];
    if (!variant || !tally) continue;
    const tried = figure.sent + figure.failed;
    const bad = figure.failed + figure.stopped;
    tally.tried += tried;
    tally.bad += bad;
    for (const [group, option] of variant.choices.entries()) {
      const slot = optionTallies[variant.caption]?.[group]?.[option];
      if (!slot) continue;
      slot.tried += tried;
      slot.bad += bad;
    }
  }
  return {
    captions: siblingWeights(captionTallies),
    options: optionTallies.map((groups) => groups.map(siblingWeights)),
  };
}

/** An index drawn in proportion to `weights` from `random()` in [0, 1). */
export function weightedIndex(weights: readonly number[], random: () => number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let point = random() * total;
  for (const [index, weight] of weights.entries()) {
    point -= weight;
    if (point < 0) return index;
  }
  return weights.length - 1;
}

export interface PickedVariant {
  text: string;
  key: string;
}

/**
 * One variant: a caption, then an option of each of its choices, each in proportion to its weight; an empty
 * caption only when every caption is empty (media alone).
 */
export function pickVariant(
  captions: readonly ParsedCaption[],
  random: () => number,
  weights?: VariantWeights,
): PickedVariant {
  // An empty caption (a template of media and further captions only) is no variant while another has text.
  const hasText = captions.map((caption) => caption.pieces.length > 0);
  const anyText = hasText.some(Boolean);
  const index = weightedIndex(
    captions.map((_, at) => (anyText && !hasText[at] ? 0 : (weights?.captions[at] ?? 1))),
    random,
  );
  const caption = captions[index] ?? { pieces: [], groups: 0 };
  const choices: number[] = [];
  let text = '';
  for (const piece of caption.pieces) {
    if (typeof piece === 'string') {
      text += piece;
      continue;
    }
    const option = weightedIndex(weights?.options[index]?.[choices.length] ?? piece.map(() => 1), random);
    choices.push(option);
    text += piece[option] ?? '';
  }
  return { text, key: variantKey(index, choices) };
}

/**
 * A template's captions parsed for sending: a caption the rules refuse (one stored before they existed) is
 * sent as it is, never dropped.
 */
export function parseCaptions(texts: readonly string[]): ParsedCaption[] {
  return texts.map((text) => parseCaption(text).caption ?? { pieces: [text], groups: 0 });
}

/** A variant's text as it was sent, before its placeholders were filled in; null for a key the captions lack. */
export function variantText(captions: readonly ParsedCaption[], key: string): string | null {
  const variant = parseVariantKey(key);
  const caption = variant && captions[variant.caption];
  if (!variant || !caption || variant.choices.length !== caption.groups) return null;
  let group = 0;
  let text = '';
  for (const piece of caption.pieces) {
    if (typeof piece === 'string') text += piece;
    else {
      const option = piece[variant.choices[group++] ?? -1];
      if (option === undefined) return null;
      text += option;
    }
  }
  return text;
}
