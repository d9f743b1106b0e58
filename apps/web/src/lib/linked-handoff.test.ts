import { describe, expect, it } from 'vitest';
import { handOverLinked, takeLinked } from './linked-handoff.ts';

describe('the linked account handed to a job form', () => {
  it('goes to the form it was linked for, once, and only when the form lists it', () => {
    handOverLinked('generator', 7);
    expect(takeLinked('validator', [7])).toBeNull();
    expect(takeLinked('generator', [3])).toBeNull();
    expect(takeLinked('generator', [3, 7])).toBe(7);
    expect(takeLinked('generator', [3, 7])).toBeNull();
  });
});
