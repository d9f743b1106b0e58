/**
 * The handlers of /api/admin/validator: the calls, who may make them and their schemas are in the contract
 * (validator-calls.ts, validator.ts VALIDATOR_SCHEMAS); create (multipart with the file) and update
 * (multipart without one) here, the rest shared with generators.
 */
import type { Readable } from 'node:stream';
import { JOB_TEXT } from '@sewablast/contract/jobs';
import { VALIDATOR_SCHEMAS as schemas, VALIDATOR_TEXT } from '@sewablast/contract/validator';
import * as validator from '@sewablast/contract/validator-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { readMultipart, withStreamedForm } from '../../http/multipart.ts';
import { bindJobRoutes } from '../jobs/routes.ts';
import type { ValidatorService } from './service.ts';

export const validatorRoutes: FastifyPluginAsyncZod<{ validators: ValidatorService; importMaxMb: number }> = async (
  app,
  { validators, importMaxMb },
) => {
  const upload = { fileBytes: importMaxMb * 1024 * 1024, tooLarge: `File maksimal ${importMaxMb} MB.` };
  const one = async (row: Parameters<ValidatorService['present']>[0][number]) => {
    const [shown] = await validators.present([row]);
    if (!shown) throw new Error('validator not presented');
    return shown;
  };

  bindJobRoutes(app, {
    calls: validator,
    schemas,
    key: 'validator',
    core: validators.core,
    present: validators.present,
    downloadName: VALIDATOR_TEXT.downloadName,
    remove: validators.remove,
  });
  bind(app, validator.create, schemas.create, async (request) => {
    const actor = requireActor(request);
    const taker = {
      take: (stream: Readable, filename: string | undefined) => validators.storeFile(stream, filename, actor.id),
      discard: validators.discardFile,
    };
    return withStreamedForm(request, upload, taker, async (form) => {
      const created = await validators.create(actor, form.fields, form.file);
      return {
        msg: VALIDATOR_TEXT.created,
        validator: await one(created.row),
        total: created.total,
        skipped: created.skipped,
      };
    });
  });
  bind(app, validator.update, schemas.update, async (request) => {
    const form = await readMultipart(request, upload);
    return {
      msg: JOB_TEXT.saved,
      validator: await one(await validators.update(requireActor(request), request.params.id, form.fields)),
    };
  });
};
