import { menuFor } from '@sewablast/contract/routes';
import { describe, expect, it } from 'vitest';
import { isCurrent, submenuAt, toggleSubmenu } from './sidebar-state.ts';

describe('toggleSubmenu', () => {
  it('keeps one submenu open at a time and closes it when toggled again', () => {
    expect(toggleSubmenu(null, 'monitor')).toBe('monitor');
    expect(toggleSubmenu('monitor', 'monitor')).toBeNull();
    expect(toggleSubmenu('monitor', 'reports')).toBe('reports');
  });
});

describe('isCurrent', () => {
  it('marks Dashboard on / and /dashboard, and an item on its own screens only', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/dashboard')).toBe(true);
    expect(isCurrent('/', '/whatsapp')).toBe(false);
    expect(isCurrent('/whatsapp', '/whatsapp/create')).toBe(true);
    expect(isCurrent('/withdraw', '/withdrawals')).toBe(false);
  });
});

describe('submenuAt', () => {
  it("names the Monitor submenu on a dev's monitor screens, and none elsewhere", () => {
    expect(submenuAt(menuFor('dev'), '/monitor/realtime')).toBe('/monitor');
    expect(submenuAt(menuFor('dev'), '/monitor/local')).toBe('/monitor');
    expect(submenuAt(menuFor('dev'), '/whatsapp')).toBeNull();
    expect(submenuAt(menuFor('member'), '/monitor/local')).toBeNull();
  });
});
