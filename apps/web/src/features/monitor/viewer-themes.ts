/**
 * The JSON viewers' colours in the dashboard's light and dark themes, each at least 4.5:1 against its
 * background (the libraries' own themes fall short of it, which axe reports).
 */
import type { CSSProperties } from 'react';

interface Palette {
  background: string;
  text: string;
  muted: string;
  key: string;
  string: string;
  number: string;
  boolean: string;
  nil: string;
}

const PALETTES: Record<'light' | 'dark', Palette> = {
  light: {
    background: '#ffffff',
    text: '#0f172a',
    muted: '#475569',
    key: '#1d4ed8',
    string: '#15803d',
    number: '#b45309',
    boolean: '#7e22ce',
    nil: '#b91c1c',
  },
  dark: {
    background: '#0f172a',
    text: '#e2e8f0',
    muted: '#94a3b8',
    key: '#93c5fd',
    string: '#86efac',
    number: '#fdba74',
    boolean: '#d8b4fe',
    nil: '#fca5a5',
  },
};

/** CSS variables of @uiw/react-json-view. */
export function jsonViewStyle(theme: 'light' | 'dark'): CSSProperties {
  const p = PALETTES[theme];
  return {
    '--w-rjv-font-family': 'ui-monospace, monospace',
    '--w-rjv-color': p.key,
    '--w-rjv-background-color': p.background,
    '--w-rjv-line-color': p.muted,
    '--w-rjv-arrow-color': p.text,
    '--w-rjv-info-color': p.muted,
    '--w-rjv-curlybraces-color': p.text,
    '--w-rjv-brackets-color': p.text,
    '--w-rjv-colon-color': p.text,
    '--w-rjv-type-string-color': p.string,
    '--w-rjv-type-int-color': p.number,
    '--w-rjv-type-float-color': p.number,
    '--w-rjv-type-bigint-color': p.number,
    '--w-rjv-type-boolean-color': p.boolean,
    '--w-rjv-type-date-color': p.string,
    '--w-rjv-type-url-color': p.key,
    '--w-rjv-type-null-color': p.nil,
    '--w-rjv-type-nan-color': p.nil,
    '--w-rjv-type-undefined-color': p.nil,
    padding: '0.75rem',
  } as CSSProperties;
}

/** A base16 theme for react-json-tree: 00 background, 03 item counts, 07 text, 0D keys, 0B strings, 09 numbers. */
export function jsonTreeTheme(theme: 'light' | 'dark') {
  const p = PALETTES[theme];
  return {
    scheme: `sewablast-${theme}`,
    author: 'sewablast',
    base00: p.background,
    base01: p.background,
    base02: p.muted,
    base03: p.muted,
    base04: p.muted,
    base05: p.text,
    base06: p.text,
    base07: p.text,
    base08: p.nil,
    base09: p.number,
    base0A: p.number,
    base0B: p.string,
    base0C: p.key,
    base0D: p.key,
    base0E: p.boolean,
    base0F: p.nil,
  };
}
