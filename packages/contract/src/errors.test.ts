import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './errors.ts';
import { SERVER_TEXT } from './texts.ts';

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field, by its dotted path, and `_` for the whole value', () => {
    const schema = z.object({
      name: z.string().min(3, { error: 'short' }).max(1, { error: 'never both' }),
      buttons: z.array(z.object({ title: z.string({ error: 'title' }) })),
    });
    const checked = schema.safeParse({ name: 'ab', buttons: [{}] });
    expect(checked.success).toBe(false);
    expect(fieldErrorsOf(checked.error?.issues ?? [])).toEqual({ name: 'short', 'buttons.0.title': 'title' });
    expect(fieldErrorsOf(z.string({ error: 'text' }).safeParse(1).error?.issues ?? [])).toEqual({ _: 'text' });
  });

  it('gives an issue without a message the generic one', () => {
    expect(fieldErrorsOf([{ path: ['email'] }])).toEqual({ email: SERVER_TEXT.invalidInput });
  });
});
