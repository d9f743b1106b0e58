import { MESSAGE_TEXT } from '@sewablast/contract/message';
import { VARIANT_TEXT } from '@sewablast/contract/variants';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  captionText,
  MEDIA_MAX_BYTES,
  type TemplateValues,
  templateBody,
  templateResolver,
} from './template-values.ts';

const base: TemplateValues = {
  text: '',
  captions: [],
  file: null,
  removeMedia: false,
  button: [],
  status: 'active',
};
const check = (values: Partial<TemplateValues>, stored = false) =>
  templateResolver(stored)({ ...base, ...values }, undefined, {} as ResolverOptions<TemplateValues>);

describe('templateResolver', () => {
  it('wants a caption or media', async () => {
    expect((await check({})).errors.text?.message).toBe(MESSAGE_TEXT.captionRequired);
    expect((await check({}, true)).errors).toEqual({});
    expect((await check({ removeMedia: true }, true)).errors.text?.message).toBe(MESSAGE_TEXT.captionRequired);
    expect((await check({ file: new File(['x'], 'a.png') })).errors).toEqual({});
  });

  it('refuses media over 16 MB', async () => {
    const big = { size: MEDIA_MAX_BYTES + 1, name: 'big.mp4' } as File;
    expect((await check({ text: 'Halo', file: big })).errors.file?.message).toBe(MESSAGE_TEXT.mediaTooLarge);
  });

  it('names a button without a URL, and drops empty buttons from what is sent', async () => {
    const reply = { id: '1', title: 'Ya', url: '', type: 'reply_button' as const };
    expect((await check({ text: 'Halo', button: [reply] })).errors.button?.message).toBe(
      MESSAGE_TEXT.titleWithoutUrl('Ya'),
    );
    const empty = { id: '2', title: '', url: '', type: 'reply_button' as const };
    const answer = await check({ text: 'Halo', button: [{ ...reply, url: 'YA' }, empty] });
    expect(answer.values).toMatchObject({ button: [{ ...reply, url: 'YA' }] });
  });
});

describe('variants', () => {
  it('names a broken variant in the caption or in a further caption, and drops empty captions', async () => {
    expect((await check({ text: '<p>{Halo|Hai</p>' })).errors.text?.message).toBe(VARIANT_TEXT.unclosed('{Halo|Hai'));
    expect((await check({ text: '<p>Halo</p>', captions: ['', '{Pagi||Sore}'] })).errors.captions?.message).toBe(
      VARIANT_TEXT.captionIn(1, VARIANT_TEXT.emptyOption('{Pagi||Sore}')),
    );
    const fine = await check({ text: '<p>{Halo|Hai} {name}</p>', captions: [' {Pagi|Sore} kak ', ' '] });
    expect(fine.values).toMatchObject({ captions: ['{Pagi|Sore} kak'] });
  });

  it('reads the caption as the WhatsApp text it becomes', () => {
    expect(captionText('<p>{Halo|Hai} <strong>{name}</strong></p><p>A &amp; B</p>')).toBe('{Halo|Hai} {name}\nA & B');
  });
});

describe('templateBody', () => {
  it('sends the status only when editing, and asks to drop the media when it was removed', () => {
    const body = templateBody({ ...base, text: 'Hai', status: 'nonactive', removeMedia: true }, false);
    expect(body.get('status')).toBe('active');
    expect(body.get('remove_media')).toBe('1');
    expect(body.has('button')).toBe(false);
    expect(templateBody({ ...base, status: 'nonactive' }, true).get('status')).toBe('nonactive');
  });
});
