/** Light (default) or dark, kept in localStorage `theme`; dark puts the `dark` class on <html>. */
import { STORAGE } from '@sewablast/contract/cookies';
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

export function storedTheme(): Theme {
  try {
    return localStorage.getItem(STORAGE.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE.theme, theme);
  } catch {
    // Storage may be blocked; the choice then lasts for this page only.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, storedTheme);
  return [theme, () => setTheme(theme === 'dark' ? 'light' : 'dark')];
}
