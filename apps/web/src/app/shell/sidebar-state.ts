/**
 * The sidebar's behaviour (spec part 1 §2, §9): 290 px expanded, 90 px collapsed and widening on hover;
 * expanded by default from the desktop breakpoint (1024 px); below 768 px a drawer over the page that is
 * never "expanded" and closes when the viewport leaves mobile; one submenu open at a time, and the one
 * holding the current screen opens when that screen is reached.
 */
import type { MenuItem } from '@sewablast/contract/routes';
import { useCallback, useEffect, useState } from 'react';
import { useDrawerFocus } from './drawer-focus.ts';

export const SIDEBAR_EXPANDED = 290;
export const SIDEBAR_COLLAPSED = 90;
export const MOBILE_MAX = 768;
export const DESKTOP_MIN = 1024;

/** Toggling the open submenu closes it; opening another closes the first. */
export function toggleSubmenu(open: string | null, key: string): string | null {
  return open === key ? null : key;
}

/**
 * Whether a menu item is the current screen: its own path or a screen under it. 'Dashboard' is '/' in the
 * menu, and /dashboard is the same screen.
 */
export function isCurrent(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** The submenu (its path) that holds the screen at `pathname`, if any. */
export function submenuAt(items: readonly MenuItem[], pathname: string): string | null {
  return items.find((item) => item.children?.some((child) => isCurrent(child.path, pathname)))?.path ?? null;
}

function useViewport() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return { isMobile: width < MOBILE_MAX, isDesktop: width >= DESKTOP_MIN };
}

/** `current` is the submenu holding the current screen (submenuAt). */
export function useSidebar(current: string | null = null) {
  const { isMobile, isDesktop } = useViewport();
  const [expanded, setExpanded] = useState(isDesktop);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [openSubmenu, setOpenSubmenu] = useState<string | null>(current);
  // Set while rendering, not in an effect, so that the submenu is open in the first frame of its screen.
  // Only reaching another submenu's screen opens it: one closed by hand stays closed on the same screens.
  const [reached, setReached] = useState(current);
  if (current !== reached) {
    setReached(current);
    if (current) setOpenSubmenu(current);
  }

  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
    // A sidebar that became the closed drawer under the pointer is inert and never hears the pointer leave:
    // its hover would widen it over the page once the viewport is wide again.
    setHovered(false);
  }, [isMobile]);
  useEffect(() => {
    setExpanded(isDesktop);
  }, [isDesktop]);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded((value) => !value);
  }, [isMobile]);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const drawerOpen = isMobile && mobileOpen;
  const { panelRef, toggleRef } = useDrawerFocus(drawerOpen, closeMobile);

  const isExpanded = !isMobile && expanded;
  return {
    isMobile,
    isExpanded,
    mobileOpen,
    /** The mobile drawer is open over the page. */
    drawerOpen,
    /** Labels show when expanded, when hovered while collapsed, and in the open mobile drawer. */
    showLabels: isExpanded || (!isMobile && hovered) || drawerOpen,
    width: isExpanded || (!isMobile && hovered) || isMobile ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED,
    contentOffset: isMobile ? 0 : isExpanded ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED,
    openSubmenu,
    toggleSubmenu: (key: string) => setOpenSubmenu((open) => toggleSubmenu(open, key)),
    setHovered,
    toggle,
    closeMobile,
    /** The drawer, which holds the focus while open, and the header's menu button, which gets it back. */
    panelRef,
    toggleRef,
  };
}

export type SidebarState = ReturnType<typeof useSidebar>;
