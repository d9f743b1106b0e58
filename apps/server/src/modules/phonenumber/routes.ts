/**
 * The handlers of /api/admin/phonenumber: the calls, who may make them and their schemas are in the contract
 * (phonenumber-calls.ts, phonenumber.ts PHONENUMBER_SCHEMAS).
 */
import { IMPORT_ID_HEADER } from '@sewablast/contract/imports';
import { PHONE_TEXT, PHONENUMBER_SCHEMAS as schemas } from '@sewablast/contract/phonenumber';
import * as phonenumber from '@sewablast/contract/phonenumber-calls';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { withUploadedFile } from '../../http/upload.ts';
import type { EventBus } from '../../live/bus.ts';
import { importProgress } from '../../live/import-progress.ts';
import type { PhoneNumberService } from './service.ts';

export const phoneNumberRoutes: FastifyPluginAsyncZod<{
  phoneNumbers: PhoneNumberService;
  importMaxMb: number;
  /** Carries an import's progress to the importer's screen. */
  bus: EventBus;
}> = async (app, { phoneNumbers, importMaxMb, bus }) => {
  bind(app, phonenumber.all, schemas.all, async (request) => ({ list: await phoneNumbers.list(request.query.after) }));
  bind(app, phonenumber.page, schemas.page, async (request) => phoneNumbers.listPage(request.query));
  bind(app, phonenumber.countBlast, schemas.countBlast, async () => phoneNumbers.countBlast());
  bind(app, phonenumber.one, schemas.one, async (request) => ({
    phonenumber: await phoneNumbers.detail(request.params.id),
  }));
  bind(app, phonenumber.create, schemas.create, async (request) => ({
    phonenumber: await phoneNumbers.create(request.body),
  }));
  bind(app, phonenumber.importFile, schemas.importFile, async (request) => {
    const actor = requireActor(request);
    const importId = request.headers[IMPORT_ID_HEADER];
    const progress = importId ? importProgress(bus, actor.id, importId) : undefined;
    return withUploadedFile(
      request,
      { maxMb: importMaxMb, missing: PHONE_TEXT.fileRequired, badFormat: PHONE_TEXT.badFile },
      (stream) => phoneNumbers.importFile(actor, stream, progress),
    );
  });
  bind(app, phonenumber.skipped, schemas.skipped, async (request) =>
    phoneNumbers.skippedPart(requireActor(request), request.params.id, request.query.part),
  );
  bind(app, phonenumber.update, schemas.update, async (request) => ({
    phonenumber: await phoneNumbers.update(request.params.id, request.body),
  }));
  bind(app, phonenumber.remove, schemas.remove, async (request) => {
    await phoneNumbers.remove(request.params.id);
    return { msg: SERVER_TEXT.deleted };
  });
};
