import { describe, expect, it } from 'vitest';
import {
  checkCaptions,
  type ParsedCaption,
  parseCaption,
  parseCaptions,
  parseVariantKey,
  pickVariant,
  siblingWeights,
  VARIANT_TEXT,
  type VariantFigures,
  variantWeights,
  WEIGHT_FLOOR,
} from './variants.ts';

/** A repeatable random source (mulberry32). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const parsed = (text: string): ParsedCaption => {
  const { caption, error } = parseCaption(text);
  if (!caption) throw new Error(error);
  return caption;
};

const figures = (sent: number, failed: number, stopped: number): VariantFigures => ({
  sent,
  failed,
  delivered: 0,
  read: 0,
  replied: 0,
  stopped,
});

describe('parsing a caption', () => {
  it('splits choices and keeps placeholders, inside options too', () => {
    expect(parsed('{Halo|Hai|Selamat siang} {name}, nomor {phoneNumber}')).toEqual({
      pieces: [['Halo', 'Hai', 'Selamat siang'], ' {name}, nomor {phoneNumber}'],
      groups: 1,
    });
    expect(parsed('{Halo {name}|Hai {name}}!').pieces).toEqual([['Halo {name}', 'Hai {name}'], '!']);
    expect(parsed('Tanpa varian').pieces).toEqual(['Tanpa varian']);
  });

  it('names the problem: an unclosed or unopened brace, an empty option, nesting', () => {
    expect(parseCaption('{Halo|Hai selamat').error).toBe(VARIANT_TEXT.unclosed('{Halo|Hai selamat'));
    expect(parseCaption('Halo|Hai} kak').error).toBe(VARIANT_TEXT.unopened('Halo|Hai}'));
    expect(parseCaption('{Halo||Hai} kak').error).toBe(VARIANT_TEXT.emptyOption('{Halo||Hai}'));
    expect(parseCaption('{Halo| } kak').error).toBe(VARIANT_TEXT.emptyOption('{Halo| }'));
    expect(parseCaption('{Halo {a|b}|Hai}').error).toBe(VARIANT_TEXT.nested('{Halo {a|b}|Hai}'));
    expect(parseCaption(`${'{a|b}'.repeat(21)}`).error).toBe(VARIANT_TEXT.tooManyGroups);
  });

  it('names the further caption a problem is in', () => {
    expect(checkCaptions(['{Halo|Hai}', '{Pagi|'], true)).toBe(
      `Caption tambahan ke-2: ${VARIANT_TEXT.unclosed('{Pagi|')}`,
    );
    expect(checkCaptions(['{Pagi|'])).toBe(VARIANT_TEXT.unclosed('{Pagi|'));
    expect(checkCaptions(['{Halo|Hai} {name}', 'Selamat {pagi|siang}'], true)).toBeNull();
  });

  it('sends a caption stored before the rules as it is', () => {
    expect(parseCaptions(['Harga {promo'])).toEqual([{ pieces: ['Harga {promo'], groups: 0 }]);
  });
});

describe('picking a variant', () => {
  it('picks every caption and option, seeded, and names what it picked', () => {
    const captions = [parsed('{Halo|Hai|Selamat siang} {name}'), parsed('{Pagi|Sore} kak')];
    const random = seeded(7);
    const seen = new Map<string, string>();
    for (let i = 0; i < 300; i++) {
      const { text, key } = pickVariant(captions, random);
      seen.set(key, text);
    }
    expect(seen).toEqual(
      new Map([
        ['0:0', 'Halo {name}'],
        ['0:1', 'Hai {name}'],
        ['0:2', 'Selamat siang {name}'],
        ['1:0', 'Pagi kak'],
        ['1:1', 'Sore kak'],
      ]),
    );
    const again = seeded(7);
    const first = pickVariant(captions, again);
    expect(first).toEqual(pickVariant(captions, seeded(7)));
    const mediaFirst = parseCaptions(['', 'Promo {name}']);
    expect(new Set(Array.from({ length: 50 }, () => pickVariant(mediaFirst, random).key))).toEqual(new Set(['1:']));
    expect(pickVariant(parseCaptions(['']), random)).toEqual({ text: '', key: '0:' });
    expect(parseVariantKey('1:0.2')).toEqual({ caption: 1, choices: [0, 2] });
    expect(parseVariantKey('0:')).toEqual({ caption: 0, choices: [] });
    expect(parseVariantKey('x')).toBeNull();
  });
});

describe('weights', () => {
  it('keeps 1 for all while nothing went wrong, and for an option no worse than its siblings', () => {
    expect(
      siblingWeights([
        { tried: 100, bad: 0 },
        { tried: 0, bad: 0 },
      ]),
    ).toEqual([1, 1]);
    expect(
      siblingWeights([
        { tried: 100, bad: 5 },
        { tried: 100, bad: 5 },
      ]),
    ).toEqual([1, 1]);
  });

  it('lowers an option whose failures and STOPs stand out, never below the floor', () => {
    const [bad, good] = siblingWeights([
      { tried: 500, bad: 50 },
      { tried: 500, bad: 10 },
    ]);
    expect(good).toBe(1);
    expect(bad).toBeCloseTo((0.06 / (62 / 700)) ** 2, 6);
    expect(
      siblingWeights([
        { tried: 1000, bad: 1000 },
        { tried: 5000, bad: 0 },
      ])[0],
    ).toBe(WEIGHT_FLOOR);
  });

  it('moves a fresh option little on a few unlucky sends', () => {
    const [fresh] = siblingWeights([
      { tried: 2, bad: 1 },
      { tried: 1000, bad: 20 },
    ]);
    expect(fresh).toBeGreaterThan(0.6);
  });

  it('reads the figures per caption and per option, and the pick follows them', () => {
    const captions = [parsed('{Halo|Hai} {name}'), parsed('Pagi kak')];
    const weights = variantWeights(
      captions,
      new Map([
        ['0:0', figures(400, 0, 100)],
        ['0:1', figures(500, 0, 0)],
        ['1:', figures(500, 0, 0)],
      ]),
    );
    expect(weights.captions[1]).toBe(1);
    expect(weights.captions[0]).toBeLessThan(1);
    expect(weights.options[0]?.[0]?.[0]).toBeLessThan(0.35);
    expect(weights.options[0]?.[0]?.[1]).toBe(1);
    const random = seeded(3);
    const halo = Array.from({ length: 2000 }, () => pickVariant(captions, random, weights)).filter(
      (pick) => pick.key === '0:0',
    ).length;
    // A quarter of the picks without the figures.
    expect(halo).toBeLessThan(250);
    expect(halo).toBeGreaterThan(0);
  });
});
