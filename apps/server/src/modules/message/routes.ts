/**
 * The handlers of /api/admin/message (template forms read here, field by field): the calls, who may make them
 * and their schemas are in the contract (message-calls.ts, message.ts MESSAGE_SCHEMAS).
 */
import type { Readable } from 'node:stream';
import { MESSAGE_TEXT, MESSAGE_SCHEMAS as schemas, ZTemplateStatus } from '@sewablast/contract/message';
import * as message from '@sewablast/contract/message-calls';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { VARIANT_TEXT } from '@sewablast/contract/variants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { readMultipart, withStreamedForm } from '../../http/multipart.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { MessageService, TemplateForm } from './service.ts';

const MEDIA_BYTES = 16 * 1024 * 1024;

/**
 * A form field holding a JSON list (the buttons, the further captions): absent is none; anything but a list is
 * refused on `field` with `error`. The service checks each item.
 */
function parseJsonList(raw: string | undefined, field: string, error: string): unknown[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value)) return value;
  } catch {
    // Reported below.
  }
  throw badRequest(error, { [field]: error });
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
    captions: parseJsonList(fields.captions, 'captions', VARIANT_TEXT.badCaptions),
    buttons: parseJsonList(fields.button ?? fields.buttons, 'button', MESSAGE_TEXT.badButtons),
    status: parseStatus(fields.status),
    removeMedia: fields.remove_media === '1' || fields.remove_media === 'true',
  };
}

interface MessageRouteOptions {
  messages: MessageService;
  importMaxMb: number;
}

export const messageRoutes: FastifyPluginAsyncZod<MessageRouteOptions> = async (app, { messages, importMaxMb }) => {
  const media = { fileBytes: MEDIA_BYTES, tooLarge: MESSAGE_TEXT.mediaTooLarge };
  const mediaTaker = (userId: number) => ({
    take: (stream: Readable, filename: string | undefined) => messages.storeMedia(stream, filename, userId),
    discard: messages.discardMedia,
  });

  bind(app, message.list, schemas.list, async () => ({ list: await messages.list() }));
  bind(app, message.page, schemas.page, async (request) => messages.listPage(request.query));
  bind(app, message.one, schemas.one, async (request) => ({ message: await messages.detail(request.params.id) }));
  bind(app, message.create, schemas.create, async (request) =>
    withStreamedForm(request, media, mediaTaker(requireActor(request).id), async (form) => ({
      message: await messages.create(toForm(form.fields), form.file),
    })),
  );
  bind(app, message.update, schemas.update, async (request) =>
    withStreamedForm(request, media, mediaTaker(requireActor(request).id), async (form) => ({
      message: await messages.update(request.params.id, toForm(form.fields), form.file),
    })),
  );
  bind(app, message.importFile, schemas.importFile, async (request) => {
    const tooLarge = `File maksimal ${importMaxMb} MB.`;
    const form = await readMultipart(request, { fileBytes: importMaxMb * 1024 * 1024, tooLarge });
    if (!form.file) throw badRequest(MESSAGE_TEXT.badImport, { file: MESSAGE_TEXT.badImport });
    return messages.importJson(form.file.bytes.toString('utf8'));
  });
  bind(app, message.remove, schemas.remove, async (request) => {
    await messages.remove(request.params.id);
    return { msg: SERVER_TEXT.deleted };
  });
};
