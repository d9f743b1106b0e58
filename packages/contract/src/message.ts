/** Message templates (spec part 2 §3 Message template, §5 buttons, §7 Message templates). */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './message-calls.ts';
import { pageOf, ZIdParams, ZPageQuery } from './paging.ts';

export const BUTTON_TYPES = ['reply_button', 'call_button', 'url_button', 'stop_button'] as const;
export const ZButtonType = z.enum(BUTTON_TYPES);

export const ZButton = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  type: ZButtonType,
});
export type TButton = z.infer<typeof ZButton>;

export const TEMPLATE_STATUSES = ['active', 'nonactive'] as const;
export const ZTemplateStatus = z.enum(TEMPLATE_STATUSES);

/** How a template, or one of its variants, fared: counted as outcomes, receipts and replies arrive. */
export const ZVariantFigures = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  stopped: z.number().int(),
});
export type TVariantFigures = z.infer<typeof ZVariantFigures>;

export const ZTemplateVariant = ZVariantFigures.extend({
  /** contract variants.ts `variantKey`. */
  variant: z.string(),
  /** The variant's text before its placeholders are filled in; null when the template was edited since. */
  text: z.string().nullable(),
  /** How often the engine picks it now against an average variant (1), from its failures and STOPs. */
  weight: z.number(),
});
export type TTemplateVariant = z.infer<typeof ZTemplateVariant>;

export const ZMessage = z.object({
  id: z.number().int(),
  /** An authenticated URL of the media, or null. */
  media: z.string().nullable(),
  media_name: z.string().nullable(),
  media_mime: z.string().nullable(),
  text: z.string(),
  text_wa: z.string(),
  /** Further WhatsApp captions, each send picking one of these or `text_wa`. */
  captions: z.array(z.string()),
  button: z.array(ZButton),
  status: ZTemplateStatus,
  count_use: z.number().int(),
  /** The template's figures, all variants together, and per variant (most sent first). */
  figures: ZVariantFigures,
  variants: z.array(ZTemplateVariant),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageResponse = z.object({ message: ZMessage });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
export const ZMessagePageResponse = pageOf(ZMessage);
export type TMessagePageResponse = z.infer<typeof ZMessagePageResponse>;
/** Every template, for the JSON export. */
export const ZMessageListResponse = z.object({ list: z.array(ZMessage) });
export type TMessageListResponse = z.infer<typeof ZMessageListResponse>;

export const MAX_BUTTONS = 10;
export const BUTTON_TITLE_MAX = 60;
export const BUTTON_URL_MAX = 500;

export const MESSAGE_TEXT = {
  titleWithoutUrl: (title: string) => `Judul button : "${title}" belum mempunyai URL.`,
  urlWithoutTitle: (url: string) => `URL button "${url}" belum punya nama atau judul.`,
  captionRequired: 'Caption atau media wajib diisi.',
  badUrl: (url: string) => `URL button "${url}" harus diawali http:// atau https://.`,
  badPhone: (url: string) => `Nomor button "${url}" harus berupa nomor telepon.`,
  badMedia: 'Media harus berupa gambar, video, audio atau PDF.',
  mediaTooLarge: 'Media maksimal 16 MB.',
  badImport: 'File harus berupa JSON berisi daftar template.',
  badStatus: 'Status harus active atau nonactive.',
  badButtons: 'Format button tidak valid.',
  notAButton: (position: number) => `Button ke-${position} tidak valid: id, judul, URL dan tipe harus berupa teks.`,
  badType: (position: number) => `Tipe button ke-${position} harus salah satu dari: ${BUTTON_TYPES.join(', ')}.`,
  titleTooLong: (position: number) => `Judul button ke-${position} maksimal ${BUTTON_TITLE_MAX} karakter.`,
  urlTooLong: (position: number) => `URL button ke-${position} maksimal ${BUTTON_URL_MAX} karakter.`,
  tooManyButtons: `Maksimal ${MAX_BUTTONS} button.`,
} as const;

export interface ButtonCheck {
  buttons: TButton[];
  error: string | null;
}

/** A button as a client may send it: every field text, any of them missing (null counts as missing). */
const ZButtonInput = z.object({
  id: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  type: z.string().nullish(),
});

/**
 * The spec's button rules, shared by the form and the server. An entry with no title and no URL is dropped
 * (the form starts with empty reply buttons); every other problem blocks the save with a message naming the
 * button: a title without a URL or a URL without a title (the spec's words), an entry that is not a button,
 * an unknown or missing type, a value too long, too many buttons. Nothing is dropped or cut without a word.
 */
export function checkButtons(input: readonly unknown[]): ButtonCheck {
  const buttons: TButton[] = [];
  const fail = (error: string) => ({ buttons, error });
  for (const [index, raw] of input.entries()) {
    const position = index + 1;
    const entry = ZButtonInput.safeParse(raw);
    if (!entry.success) return fail(MESSAGE_TEXT.notAButton(position));
    const title = (entry.data.title ?? '').trim();
    const url = (entry.data.url ?? '').trim();
    const type = ZButtonType.safeParse(entry.data.type);
    if (entry.data.type && !type.success) return fail(MESSAGE_TEXT.badType(position));
    if (!title && !url) continue;
    if (title && !url) return fail(MESSAGE_TEXT.titleWithoutUrl(title));
    if (url && !title) return fail(MESSAGE_TEXT.urlWithoutTitle(url));
    if (!type.success) return fail(MESSAGE_TEXT.badType(position));
    if (title.length > BUTTON_TITLE_MAX) return fail(MESSAGE_TEXT.titleTooLong(position));
    if (url.length > BUTTON_URL_MAX) return fail(MESSAGE_TEXT.urlTooLong(position));
    if (type.data === 'url_button' && !/^https?:\/\/\S+$/i.test(url)) return fail(MESSAGE_TEXT.badUrl(url));
    if (type.data === 'call_button' && !/^\+?[0-9][0-9 -]{5,19}$/.test(url)) return fail(MESSAGE_TEXT.badPhone(url));
    buttons.push({ id: entry.data.id?.trim() || String(position), title, url, type: type.data });
  }
  if (buttons.length > MAX_BUTTONS) return fail(MESSAGE_TEXT.tooManyButtons);
  return { buttons, error: null };
}

/** A template in an export or import file (spec part 2 §7 client-side exports). */
export const ZMessageExportItem = z.object({
  media: z.string().nullable().optional(),
  text: z.string().default(''),
  text_wa: z.string().optional(),
  captions: z.array(z.string()).optional(),
  // Checked entry by entry with checkButtons, so that a bad button is named the way the form names it.
  buttons: z.array(z.unknown()).optional(),
  button: z.array(z.unknown()).optional(),
  status: ZTemplateStatus.optional(),
});
export type TMessageExportItem = z.infer<typeof ZMessageExportItem>;

export const ZMessageImportResponse = z.object({
  created: z.number().int(),
  skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type TMessageImportResponse = z.infer<typeof ZMessageImportResponse>;

/** What the server checks of each call in message-calls.ts; the forms' fields are read by the route itself. */
export const MESSAGE_SCHEMAS = schemasOf<typeof calls>()(['messages'], {
  list: { response: { 200: ZMessageListResponse } },
  page: { querystring: ZPageQuery, response: { 200: ZMessagePageResponse } },
  one: { params: ZIdParams, response: { 200: ZMessageResponse } },
  create: {
    summary: 'Multipart: file (optional media), text (HTML), text_wa, button (JSON), status',
    consumes: ['multipart/form-data'],
    response: { 200: ZMessageResponse },
  },
  update: {
    summary: 'Multipart like create; without a file the media stays unless remove_media=1',
    consumes: ['multipart/form-data'],
    params: ZIdParams,
    response: { 200: ZMessageResponse },
  },
  importFile: {
    summary: 'Multipart file: a JSON array of templates as the export writes them',
    consumes: ['multipart/form-data'],
    response: { 200: ZMessageImportResponse },
  },
  remove: { params: ZIdParams, response: { 200: z.object({ msg: z.string() }) } },
});
