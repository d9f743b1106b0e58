/** /api/admin/message: message templates for admins and devs (spec part 2 §7 Message templates). */
import type { Readable } from 'node:stream';
import {
  MESSAGE_TEXT,
  ZMessage,
  ZMessageImportResponse,
  ZMessageResponse,
  ZTemplateStatus,
} from '@sewablast/contract/message';
import { pageOf, ZIdParams, ZPageQuery } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { VARIANT_TEXT } from '@sewablast/contract/variants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { readMultipart, withStreamedForm } from '../../http/multipart.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { MessageService, TemplateForm } from './service.ts';

const failures = failuresOf(400, 401, 403, 404, 413);
const MEDIA_BYTES = 16 * 1024 * 1024;

function parseButtons(raw: string | undefined): unknown[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value)) return value;
  } catch {
    // Reported below.
  }
  throw badRequest(MESSAGE_TEXT.badButtons, { button: MESSAGE_TEXT.badButtons });
}

/** Further captions arrive as a JSON list of texts; the service checks each. */
function parseCaptionList(raw: string | undefined): unknown[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value)) return value;
  } catch {
    // Reported below.
  }
  throw badRequest(VARIANT_TEXT.badCaptions, { captions: VARIANT_TEXT.badCaptions });
}

/** No status means a new template's default; any value but the two the form offers is refused, never guessed. */
function parseStatus(raw: string | undefined): TemplateForm['status'] {
  if (!raw) return 'active';
  const status = ZTemplateStatus.safeParse(raw);
  if (!status.success) throw badRequest(MESSAGE_TEXT.badStatus, { status: MESSAGE_TEXT.badStatus });
  return status.data;
}

function toForm(fields: Record<string, string>): TemplateForm {
  return {
    text: fields.text ?? '',
    text_wa: fields.text_wa,
    captions: parseCaptionList(fields.captions),
    buttons: parseButtons(fields.button ?? fields.buttons),
    status: parseStatus(fields.status),
    removeMedia: fields.remove_media === '1' || fields.remove_media === 'true',
  };
}

interface MessageRouteOptions {
  messages: MessageService;
  importMaxMb: number;
}

export const messageRoutes: FastifyPluginAsyncZod<MessageRouteOptions> = async (app, { messages, importMaxMb }) => {
  const tags = ['messages'];
  const media = { fileBytes: MEDIA_BYTES, tooLarge: MESSAGE_TEXT.mediaTooLarge };
  const mediaTaker = (userId: number) => ({
    take: (stream: Readable, filename: string | undefined) => messages.storeMedia(stream, filename, userId),
    discard: messages.discardMedia,
  });

  app.get(
    '/list',
    { schema: { tags, response: { 200: z.object({ list: z.array(ZMessage) }), ...failures } } },
    async () => ({
      list: await messages.list(),
    }),
  );

  app.get(
    '/list-per-page',
    { schema: { tags, querystring: ZPageQuery, response: { 200: pageOf(ZMessage), ...failures } } },
    async (request) => messages.listPage(request.query),
  );

  app.get(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZMessageResponse, ...failures } } },
    async (request) => ({
      message: await messages.detail(request.params.id),
    }),
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Multipart: file (optional media), text (HTML), text_wa, button (JSON), status',
        consumes: ['multipart/form-data'],
        response: { 200: ZMessageResponse, ...failures },
      },
    },
    async (request) => {
      return withStreamedForm(request, media, mediaTaker(requireActor(request).id), async (form) => ({
        message: await messages.create(toForm(form.fields), form.file),
      }));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Multipart like create; without a file the media stays unless remove_media=1',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...failures },
      },
    },
    async (request) => {
      return withStreamedForm(request, media, mediaTaker(requireActor(request).id), async (form) => ({
        message: await messages.update(request.params.id, toForm(form.fields), form.file),
      }));
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: 'Multipart file: a JSON array of templates as the export writes them',
        consumes: ['multipart/form-data'],
        response: { 200: ZMessageImportResponse, ...failures },
      },
    },
    async (request) => {
      const tooLarge = `File maksimal ${importMaxMb} MB.`;
      const form = await readMultipart(request, { fileBytes: importMaxMb * 1024 * 1024, tooLarge });
      if (!form.file) throw badRequest(MESSAGE_TEXT.badImport, { file: MESSAGE_TEXT.badImport });
      return messages.importJson(form.file.bytes.toString('utf8'));
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: z.object({ msg: z.string() }), ...failures } } },
    async (request) => {
      await messages.remove(request.params.id);
      return { msg: SERVER_TEXT.deleted };
    },
  );
};
