/** The sidebar with the role's menu (spec part 1 §2 "Menus by role"). */

import type { Role } from '@sewablast/contract/roles';
import { type MenuItem, menuFor } from '@sewablast/contract/routes';
import { clsx } from 'clsx';
import {
  Activity,
  BadgePercent,
  ChevronDown,
  ClipboardList,
  Cog,
  FileText,
  Gift,
  Globe,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  MessageCircle,
  Phone,
  Send,
  ShieldCheck,
  Sparkles,
  TriangleAlert,
  UserCog,
  UserRound,
  Users,
  Wallet,
  X,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { isCurrent, type SidebarState } from './sidebar-state.ts';

const ICONS: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/whatsapp': MessageCircle,
  '/withdraw': Wallet,
  '/withdraw/requested': Wallet,
  '/bonus': Gift,
  '/referral': Users,
  '/profile': UserRound,
  '/phonenumber': Phone,
  '/member': Users,
  '/back-office': UserCog,
  '/generator/list': Sparkles,
  '/validator/list': ShieldCheck,
  '/message': FileText,
  '/level': Layers,
  '/proxy': Globe,
  '/settings': Cog,
  '/audit': ClipboardList,
  // The error screen's icon, already in the first load: a menu icon of its own would be a chunk's bytes more.
  '/account-loss': TriangleAlert,
  '/monitor': Activity,
};

function iconFor(item: MenuItem): LucideIcon {
  if (item.external) return Send;
  return ICONS[item.path] ?? BadgePercent;
}

const itemClass = (active: boolean) =>
  clsx(
    'group flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition',
    active
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-600/15 dark:text-brand-500'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  );

export function Sidebar({ role, state }: { role: Role; state: SidebarState }) {
  const { pathname } = useLocation();
  const items = menuFor(role);
  const label = (text: string) =>
    state.showLabels ? <span className="truncate">{text}</span> : <span className="sr-only">{text}</span>;
  const link = (path: string) => {
    const current = isCurrent(path, pathname);
    return {
      to: path,
      onClick: state.closeMobile,
      className: itemClass(current),
      'aria-current': current ? ('page' as const) : undefined,
    };
  };
  const Panel = state.isMobile ? 'div' : 'aside';

  return (
    <>
      {state.drawerOpen && (
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          onClick={state.closeMobile}
          className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-sm"
        />
      )}
      <Panel
        ref={state.panelRef}
        data-testid="sidebar"
        aria-label="Menu utama"
        // On a phone the menu is a modal drawer; closed, it is inert and so out of the accessibility tree.
        role={state.isMobile ? 'dialog' : undefined}
        aria-modal={state.isMobile || undefined}
        onMouseEnter={() => state.setHovered(true)}
        onMouseLeave={() => state.setHovered(false)}
        style={{ width: state.width }}
        // A closed drawer is off screen; keep its links out of the keyboard's way too.
        inert={state.isMobile && !state.mobileOpen}
        className={clsx(
          'fixed inset-y-0 left-0 z-50 flex flex-col border-r border-slate-200 bg-white transition-[width,transform] duration-200 dark:border-slate-800 dark:bg-slate-900',
          state.isMobile && !state.mobileOpen && '-translate-x-full',
        )}
      >
        <div className={clsx('flex h-16 shrink-0 items-center px-6', !state.showLabels && 'justify-center px-0')}>
          <Logo compact={!state.showLabels} />
          {state.isMobile && (
            // The drawer covers the header's menu button, so it carries its own way out.
            <button
              type="button"
              onClick={state.closeMobile}
              aria-label="Tutup menu"
              data-testid="sidebar-close"
              className="-mr-2 ml-auto flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
            >
              <X size={20} />
            </button>
          )}
        </div>
        <nav className="flex-1 overflow-y-auto px-4 py-4">
          {state.showLabels && (
            <p className="mb-3 px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
              Menu
            </p>
          )}
          <ul className="space-y-1">
            {items.map((item) => {
              const Icon = iconFor(item);
              if (item.children) {
                const open = state.openSubmenu === item.path;
                return (
                  <li key={item.path}>
                    <button
                      type="button"
                      aria-expanded={open}
                      onClick={() => state.toggleSubmenu(item.path)}
                      className={itemClass(isCurrent(item.path, pathname))}
                    >
                      <Icon size={20} className="shrink-0" />
                      {label(item.label)}
                      {state.showLabels && (
                        <ChevronDown size={16} className={clsx('ml-auto transition', open && 'rotate-180')} />
                      )}
                    </button>
                    {open && state.showLabels && (
                      <ul className="mt-1 ml-9 space-y-1">
                        {item.children.map((child) => (
                          <li key={child.path}>
                            <Link {...link(child.path)}>{child.label}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              }
              if (item.external) {
                return (
                  <li key={item.path}>
                    <a href={item.path} target="_blank" rel="noopener noreferrer" className={itemClass(false)}>
                      <Icon size={20} className="shrink-0" />
                      {label(item.label)}
                    </a>
                  </li>
                );
              }
              return (
                <li key={item.path}>
                  <Link {...link(item.path)}>
                    <Icon size={20} className="shrink-0" />
                    {label(item.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </Panel>
    </>
  );
}
