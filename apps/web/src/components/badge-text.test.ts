import { describe, expect, it } from 'vitest';
import { badgeTextColor } from './badge-text.ts';

describe('badgeTextColor', () => {
  it("writes white on the spec's dark default colours and dark text on light ones", () => {
    expect(badgeTextColor('#2C2C2C')).toBe('#ffffff');
    expect(badgeTextColor('#3E3A32')).toBe('#ffffff');
    expect(badgeTextColor('#FFD700')).toBe('#0f172a');
    expect(badgeTextColor('#fff')).toBe('#0f172a');
    expect(badgeTextColor(' #000 ')).toBe('#ffffff');
  });

  it('gives up on anything that is not a hex colour', () => {
    for (const value of ['', 'red', '#12', '#12345g', 'rgb(0,0,0)']) expect(badgeTextColor(value)).toBeNull();
  });
});
