/**
 * "Go back one page" after a save (spec part 2 §2): back in the tab's history when a page of this site is
 * behind the form, else to the area's list — a form opened from a bookmark or in a new tab has nothing of
 * ours behind it, and going back would leave the dashboard (or land on about:blank).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * `sameOriginIndex` is the Navigation API's index of this entry among the tab's entries of this origin,
 * which counts a page of ours left by typing an address; without that API, React Router's `idx` in
 * `history.state` counts the pages it showed in this document, from 0.
 */
export function hasPageBefore(historyState: unknown, sameOriginIndex?: number): boolean {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return (sameOriginIndex ?? 0) > 0 || (typeof idx === 'number' && idx > 0);
}

export function useGoBack(list: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = 'navigation' in window ? window.navigation.currentEntry?.index : undefined;
    if (hasPageBefore(window.history.state, index)) navigate(-1);
    else navigate(list, { replace: true });
  }, [navigate, list]);
}
