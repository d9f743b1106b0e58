/** Message templates: sanitised caption, WhatsApp text, buttons, optional media (spec part 2 §5, DESIGN §9). */

import type { Readable } from 'node:stream';
import {
  checkButtons,
  MESSAGE_TEXT,
  type TMessage,
  type TMessageImportResponse,
  ZMessageExportItem,
} from '@sewablast/contract/message';
import { findNul, INPUT_TEXT, type TPageQuery } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { checkCaptions, MAX_CAPTIONS, VARIANT_TEXT } from '@sewablast/contract/variants';
import { desc, eq, ilike, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { messageTemplates, templateVariantStats } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { htmlToWhatsApp, sanitizeCaption } from '../../lib/html.ts';
import { escapeLike } from '../../lib/like.ts';
import { safeFileName, sniffMedia } from '../../lib/media-sniff.ts';
import { paged } from '../../lib/paging.ts';
import type { FileInfo, FileService } from '../file/service.ts';
import { readHead } from '../file/stream-head.ts';
import { type FigureRow, templateFigures } from './figures.ts';

type TemplateRow = typeof messageTemplates.$inferSelect;

export interface TemplateForm {
  text: string;
  text_wa?: string;
  /** Further WhatsApp captions as the client sent them: empty ones are dropped. */
  captions?: unknown[];
  /** As the client sent them: checkButtons decides what they are. */
  buttons: unknown[];
  status: 'active' | 'nonactive';
  removeMedia: boolean;
}

/** The list endpoint answers every template, up to this many (templates are few; pages serve the rest). */
const LIST_LIMIT = 1000;
/** Enough of a file's head for every signature sniffMedia knows. */
const SNIFF_BYTES = 4096;

/** Further captions trimmed, empty ones dropped; anything but a list of texts is refused. */
function prepareCaptions(input: readonly unknown[]): string[] {
  if (!input.every((caption) => typeof caption === 'string')) {
    throw badRequest(VARIANT_TEXT.badCaptions, { captions: VARIANT_TEXT.badCaptions });
  }
  const captions = input.map((caption) => caption.trim()).filter(Boolean);
  if (captions.length > MAX_CAPTIONS) {
    throw badRequest(VARIANT_TEXT.tooManyCaptions, { captions: VARIANT_TEXT.tooManyCaptions });
  }
  return captions;
}

export function createMessageService(db: Db, files: FileService) {
  function present(row: TemplateRow, media: FileInfo | undefined, figures: FigureRow[] = []): TMessage {
    return {
      id: row.id,
      media: media ? files.signedUrl(media.id) : null,
      media_name: media?.name ?? null,
      media_mime: media?.mime ?? null,
      text: row.text,
      text_wa: row.text_wa,
      captions: row.captions,
      button: row.buttons,
      status: row.status as TMessage['status'],
      count_use: row.count_use,
      ...templateFigures([row.text_wa, ...row.captions], figures),
    };
  }

  async function presentAll(rows: TemplateRow[]): Promise<TMessage[]> {
    const infos = await files.infos(rows.flatMap((row) => (row.media_file_id ? [row.media_file_id] : [])));
    // The counters of the listed templates only: a few rows each, whatever the message logs hold.
    const figures = rows.length
      ? await db
          .select()
          .from(templateVariantStats)
          .where(
            inArray(
              templateVariantStats.template_id,
              rows.map((row) => row.id),
            ),
          )
      : [];
    return rows.map((row) =>
      present(
        row,
        row.media_file_id ? infos.get(row.media_file_id) : undefined,
        figures.filter((figure) => figure.template_id === row.id),
      ),
    );
  }

  async function mustFind(id: number): Promise<TemplateRow> {
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    if (!row) throw notFound(SERVER_TEXT.notFound);
    return row;
  }

  /** Caption, WhatsApp text and buttons as they will be stored, or a 400 naming the first problem. */
  function prepare(form: TemplateForm, hasMedia: boolean) {
    const text = sanitizeCaption(form.text);
    const text_wa = form.text_wa?.trim() || htmlToWhatsApp(text);
    const { buttons, error } = checkButtons(form.buttons);
    if (error) throw badRequest(error, { button: error });
    if (!text_wa && !hasMedia) throw badRequest(MESSAGE_TEXT.captionRequired, { text: MESSAGE_TEXT.captionRequired });
    const captions = prepareCaptions(form.captions ?? []);
    const mainError = checkCaptions([text_wa]);
    if (mainError) throw badRequest(mainError, { text: mainError });
    const captionError = checkCaptions(captions, true);
    if (captionError) throw badRequest(captionError, { captions: captionError });
    // A form's fields were checked as they arrived, but JSON (an import, the button field) decodes `\u0000`.
    if (findNul([text, text_wa])) throw badRequest(INPUT_TEXT.nul, { text: INPUT_TEXT.nul });
    if (findNul(captions)) throw badRequest(INPUT_TEXT.nul, { captions: INPUT_TEXT.nul });
    if (findNul(buttons)) throw badRequest(INPUT_TEXT.nul, { button: INPUT_TEXT.nul });
    return { text, text_wa, captions, buttons, status: form.status };
  }

  return {
    /**
     * A template's media stored as it streams in, once its first bytes show it is an image, video, audio or
     * PDF; an empty file is no media. Nothing uses it yet: create or update takes it over, or it is removed.
     */
    async storeMedia(stream: Readable, filename: string | undefined, userId: number): Promise<FileInfo | undefined> {
      const { head, rest } = await readHead(stream, SNIFF_BYTES);
      if (head.length === 0) return undefined;
      const mime = sniffMedia(head);
      if (!mime) throw badRequest(MESSAGE_TEXT.badMedia, { file: MESSAGE_TEXT.badMedia });
      return files.save({ name: safeFileName(filename, mime), mime, source: rest, userId });
    },

    discardMedia: (file: FileInfo) => files.remove(file.id),

    async list(): Promise<TMessage[]> {
      return presentAll(await db.select().from(messageTemplates).orderBy(desc(messageTemplates.id)).limit(LIST_LIMIT));
    },

    async listPage(query: TPageQuery) {
      const where = query.search ? ilike(messageTemplates.text_wa, `%${escapeLike(query.search)}%`) : undefined;
      return paged(db, query, { table: messageTemplates, where, orderBy: [desc(messageTemplates.id)] }, presentAll);
    },

    async detail(id: number): Promise<TMessage> {
      const [message] = await presentAll([await mustFind(id)]);
      if (!message) throw notFound(SERVER_TEXT.notFound);
      return message;
    },

    /** `file` is media storeMedia stored, which the template takes over. */
    async create(form: TemplateForm, file?: FileInfo): Promise<TMessage> {
      const values = prepare(form, Boolean(file));
      const [row] = await db
        .insert(messageTemplates)
        .values({ ...values, media_file_id: file?.id ?? null })
        .returning();
      if (!row) throw new Error('template not created');
      return present(row, file);
    },

    /** Without a new file the media stays, unless the form asks to remove it. */
    async update(id: number, form: TemplateForm, file?: FileInfo): Promise<TMessage> {
      const current = await mustFind(id);
      const keepsMedia = !form.removeMedia && current.media_file_id !== null;
      const values = prepare(form, Boolean(file) || keepsMedia);
      const mediaId = file ? file.id : keepsMedia ? current.media_file_id : null;
      const [row] = await db
        .update(messageTemplates)
        .set({ ...values, media_file_id: mediaId })
        .where(eq(messageTemplates.id, id))
        .returning();
      if (!row) throw notFound(SERVER_TEXT.notFound);
      // Variants are named by their place in the captions: once these change, the old figures name others.
      if (JSON.stringify([current.text_wa, ...current.captions]) !== JSON.stringify([row.text_wa, ...row.captions]))
        await db.delete(templateVariantStats).where(eq(templateVariantStats.template_id, id));
      if (current.media_file_id !== null && current.media_file_id !== mediaId)
        await files.remove(current.media_file_id);
      return this.detail(id);
    },

    async remove(id: number): Promise<void> {
      const current = await mustFind(id);
      await db.delete(messageTemplates).where(eq(messageTemplates.id, id));
      if (current.media_file_id !== null) await files.remove(current.media_file_id);
    },

    /**
     * A JSON export file back in: each valid item becomes a template; a bad item is skipped with its reason.
     * Media in an export is a URL of another server and is not fetched, so imported templates have none.
     */
    async importJson(raw: string): Promise<TMessageImportResponse> {
      let items: unknown;
      try {
        items = JSON.parse(raw.replace(/^\uFEFF/, ''));
      } catch {
        throw badRequest(MESSAGE_TEXT.badImport, { file: MESSAGE_TEXT.badImport });
      }
      if (!Array.isArray(items)) throw badRequest(MESSAGE_TEXT.badImport, { file: MESSAGE_TEXT.badImport });
      const skipped: TMessageImportResponse['skipped'] = [];
      let created = 0;
      for (const [index, item] of items.entries()) {
        const parsed = ZMessageExportItem.safeParse(item);
        if (!parsed.success) {
          skipped.push({ index, reason: z.prettifyError(parsed.error).split('\n')[0] ?? MESSAGE_TEXT.badImport });
          continue;
        }
        try {
          const form: TemplateForm = {
            text: parsed.data.text,
            text_wa: parsed.data.text_wa,
            captions: parsed.data.captions,
            buttons: parsed.data.buttons ?? parsed.data.button ?? [],
            status: parsed.data.status ?? 'active',
            removeMedia: false,
          };
          await db.insert(messageTemplates).values({ ...prepare(form, false), media_file_id: null });
          created += 1;
        } catch (error) {
          // Only our own refusals name a reason: anything else (a database error quotes its SQL) is not the
          // item's fault and fails the import.
          if (!(error instanceof AppError)) throw error;
          skipped.push({ index, reason: error.message });
        }
      }
      return { created, skipped };
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
