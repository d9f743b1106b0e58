/** /api/admin/phonenumber: the numbers to blast, for admins and devs (spec part 2 §7 Phone numbers). */
import { IMPORT_ID_HEADER, ZImportIdHeaders, ZImportSkippedQuery } from '@sewablast/contract/imports';
import { ZIdParams } from '@sewablast/contract/paging';
import {
  PHONE_TEXT,
  ZCountBlastResponse,
  ZPhoneAllQuery,
  ZPhoneAllResponse,
  ZPhoneImportResponse,
  ZPhoneListQuery,
  ZPhoneNumberResponse,
  ZPhonePageResponse,
  ZPhoneSkippedResponse,
  ZSavePhoneNumberRequest,
  ZUpdatePhoneNumberRequest,
} from '@sewablast/contract/phonenumber';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { withUploadedFile } from '../../http/upload.ts';
import type { EventBus } from '../../live/bus.ts';
import { importProgress } from '../../live/import-progress.ts';
import type { PhoneNumberService } from './service.ts';

const failures = failuresOf(400, 401, 403, 404, 409);

export const phoneNumberRoutes: FastifyPluginAsyncZod<{
  phoneNumbers: PhoneNumberService;
  importMaxMb: number;
  /** Carries an import's progress to the importer's screen. */
  bus: EventBus;
}> = async (app, { phoneNumbers, importMaxMb, bus }) => {
  const tags = ['phone numbers'];

  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'Numbers in id order, 10,000 at a time; pass the last id as `after` for the next ones',
        querystring: ZPhoneAllQuery,
        response: { 200: ZPhoneAllResponse, ...failures },
      },
    },
    async (request) => ({ list: await phoneNumbers.list(request.query.after) }),
  );

  app.get(
    '/list-per-page',
    {
      schema: {
        tags,
        summary: 'A page of numbers; search is a number prefix or a name prefix',
        querystring: ZPhoneListQuery,
        response: { 200: ZPhonePageResponse, ...failures },
      },
    },
    async (request) => phoneNumbers.listPage(request.query),
  );

  app.get(
    '/count-blast',
    {
      schema: {
        tags,
        summary: 'Numbers blasted at least once, and never',
        response: { 200: ZCountBlastResponse, ...failures },
      },
    },
    async () => phoneNumbers.countBlast(),
  );

  app.get(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZPhoneNumberResponse, ...failures } } },
    async (request) => ({
      phonenumber: await phoneNumbers.detail(request.params.id),
    }),
  );

  app.post(
    '/save',
    { schema: { tags, body: ZSavePhoneNumberRequest, response: { 200: ZPhoneNumberResponse, ...failures } } },
    async (request) => ({ phonenumber: await phoneNumbers.create(request.body) }),
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary:
          'Multipart file: CSV `number,name` (header optional), the first sheet of an Excel .xlsx workbook laid out the same, or JSON [{number, name}]; answers the counts and the first skipped rows. With an `x-import-id` header, `import_progress` live events carrying that id tell the rows read meanwhile',
        consumes: ['multipart/form-data'],
        headers: ZImportIdHeaders,
        response: { 200: ZPhoneImportResponse, ...failuresOf(413), ...failures },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const importId = request.headers[IMPORT_ID_HEADER];
      const progress = importId ? importProgress(bus, actor.id, importId) : undefined;
      return withUploadedFile(
        request,
        { maxMb: importMaxMb, missing: PHONE_TEXT.fileRequired, badFormat: PHONE_TEXT.badFile },
        (stream) => phoneNumbers.importFile(actor, stream, progress),
      );
    },
  );

  app.get(
    '/import/:id/skipped',
    {
      schema: {
        tags,
        summary: "A part of the numbers the caller's latest import skipped, in file order; `next` names the next part",
        params: ZIdParams,
        querystring: ZImportSkippedQuery,
        response: { 200: ZPhoneSkippedResponse, ...failures },
      },
    },
    async (request) => phoneNumbers.skippedPart(requireActor(request), request.params.id, request.query.part),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZUpdatePhoneNumberRequest,
        response: { 200: ZPhoneNumberResponse, ...failures },
      },
    },
    async (request) => ({ phonenumber: await phoneNumbers.update(request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: z.object({ msg: z.string() }), ...failures } } },
    async (request) => {
      await phoneNumbers.remove(request.params.id);
      return { msg: SERVER_TEXT.deleted };
    },
  );
};
