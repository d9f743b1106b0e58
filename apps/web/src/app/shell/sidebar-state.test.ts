import { describe, expect, it } from 'vitest';
import { toggleSubmenu } from './sidebar-state.ts';

describe('toggleSubmenu', () => {
  it('keeps one submenu open at a time and closes it when toggled again', () => {
    expect(toggleSubmenu(null, 'monitor')).toBe('monitor');
    expect(toggleSubmenu('monitor', 'monitor')).toBeNull();
    expect(toggleSubmenu('monitor', 'reports')).toBe('reports');
  });
});
