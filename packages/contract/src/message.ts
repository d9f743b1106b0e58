/** Message templates (spec part 2 §3 Message template, §5 buttons, §7 Message templates). */
import { z } from 'zod';

export const BUTTON_TYPES = ['reply_button', 'call_button', 'url_button', 'stop_button'] as const;
export const ZButtonType = z.enum(BUTTON_TYPES);

export const ZButton = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  type: ZButtonType,
});
export type TButton = z.infer<typeof ZButton>;

export const ZTemplateStatus = z.enum(['active', 'nonactive']);

export const ZMessage = z.object({
  id: z.number().int(),
  /** An authenticated URL of the media, or null. */
  media: z.string().nullable(),
  media_name: z.string().nullable(),
  media_mime: z.string().nullable(),
  text: z.string(),
  text_wa: z.string(),
  button: z.array(ZButton),
  status: ZTemplateStatus,
  count_use: z.number().int(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageResponse = z.object({ message: ZMessage });

export const MESSAGE_TEXT = {
  titleWithoutUrl: (title: string) => `Judul button : "${title}" belum mempunyai URL.`,
  urlWithoutTitle: (url: string) => `URL button "${url}" belum punya nama atau judul.`,
  captionRequired: 'Caption atau media wajib diisi.',
  badUrl: (url: string) => `URL button "${url}" harus diawali http:// atau https://.`,
  badPhone: (url: string) => `Nomor button "${url}" harus berupa nomor telepon.`,
  badMedia: 'Media harus berupa gambar, video, audio atau PDF.',
  mediaTooLarge: 'Media maksimal 16 MB.',
  badImport: 'File harus berupa JSON berisi daftar template.',
} as const;

export interface ButtonCheck {
  buttons: TButton[];
  error: string | null;
}

/**
 * The spec's button rules, shared by the form and the server: entries with no title, URL or type are
 * dropped; a title without a URL, or a URL without a title, blocks the save with the spec's message.
 */
export function checkButtons(input: Partial<TButton>[]): ButtonCheck {
  const buttons: TButton[] = [];
  for (const [index, raw] of input.entries()) {
    const title = (raw.title ?? '').trim();
    const url = (raw.url ?? '').trim();
    const type = ZButtonType.safeParse(raw.type);
    if (!title && !url) continue;
    if (!type.success) continue;
    if (title && !url) return { buttons, error: MESSAGE_TEXT.titleWithoutUrl(title) };
    if (url && !title) return { buttons, error: MESSAGE_TEXT.urlWithoutTitle(url) };
    if (type.data === 'url_button' && !/^https?:\/\/\S+$/i.test(url))
      return { buttons, error: MESSAGE_TEXT.badUrl(url) };
    if (type.data === 'call_button' && !/^\+?[0-9][0-9 -]{5,19}$/.test(url)) {
      return { buttons, error: MESSAGE_TEXT.badPhone(url) };
    }
    buttons.push({
      id: raw.id?.trim() || String(index + 1),
      title: title.slice(0, 60),
      url: url.slice(0, 500),
      type: type.data,
    });
  }
  return { buttons: buttons.slice(0, 10), error: null };
}

/** A template in an export or import file (spec part 2 §7 client-side exports). */
export const ZMessageExportItem = z.object({
  media: z.string().nullable().optional(),
  text: z.string().default(''),
  text_wa: z.string().optional(),
  buttons: z.array(ZButton.partial()).optional(),
  button: z.array(ZButton.partial()).optional(),
  status: ZTemplateStatus.optional(),
});
export type TMessageExportItem = z.infer<typeof ZMessageExportItem>;

export const ZMessageImportResponse = z.object({
  created: z.number().int(),
  skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type TMessageImportResponse = z.infer<typeof ZMessageImportResponse>;
