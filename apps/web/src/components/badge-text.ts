/**
 * The text colour for a badge painted in a level's colour: the settings' colours are any hex an admin
 * types, so the text is white or near-black, whichever contrasts more (WCAG relative luminance).
 */
const DARK_TEXT = '#0f172a';
const LIGHT_TEXT = '#ffffff';

function luminance(hex: string): number | null {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.040_45 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** null when the colour is not a hex colour: the badge then keeps its default look. */
export function badgeTextColor(background: string): string | null {
  const light = luminance(background);
  if (light === null) return null;
  const dark = luminance(DARK_TEXT) ?? 0;
  // Contrast against white is 1.05 / (L + 0.05); against the dark text, (L + 0.05) / (Ldark + 0.05).
  return 1.05 / (light + 0.05) >= (light + 0.05) / (dark + 0.05) ? LIGHT_TEXT : DARK_TEXT;
}
