/** The header's search box: Ctrl/Cmd+K focuses it; it finds a screen of the role's menu by name. */

import type { Role } from '@sewablast/contract/roles';
import { menuFor } from '@sewablast/contract/routes';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function HeaderSearch({ role }: { role: Role }) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    return menuFor(role)
      .flatMap((item) => item.children ?? [item])
      .filter((item) => !item.external && item.label.toLowerCase().includes(needle));
  }, [query, role]);

  const go = (path: string) => {
    setQuery('');
    input.current?.blur();
    navigate(path);
  };

  return (
    <div className="relative w-full max-w-md">
      <Search size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setTimeout(() => setFocused(false), 150)}
        onKeyDown={(event) => {
          const first = matches[0];
          if (event.key === 'Enter' && first) go(first.path);
          if (event.key === 'Escape') input.current?.blur();
        }}
        placeholder="Cari menu..."
        aria-label="Cari menu"
        data-testid="header-search"
        className="h-11 w-full rounded-lg border border-slate-200 bg-slate-50 pr-4 pl-10 sm:pr-16 text-sm text-slate-800 placeholder:text-slate-400 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-600/20 focus:outline-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:focus:bg-slate-900"
      />
      <kbd className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded-md border border-slate-200 bg-white px-1.5 py-0.5 text-xs text-slate-500 sm:block dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
        {isMac ? '⌘' : 'Ctrl'} K
      </kbd>
      {focused && query.trim() && (
        <ul className="absolute top-12 right-0 left-0 z-50 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {matches.length === 0 ? (
            <li className="px-4 py-2.5 text-sm text-slate-500 dark:text-slate-400">Tidak ada menu yang cocok.</li>
          ) : (
            matches.map((item) => (
              <li key={item.path}>
                <button
                  type="button"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(item.path)}
                  className="block w-full px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  {item.label}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
