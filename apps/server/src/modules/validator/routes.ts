/**
 * /api/admin/validator (spec part 2 §7 Validator): create (multipart with the file) and update (multipart
 * without one) here, the rest shared with generators.
 */
import type { Readable } from 'node:stream';
import { JOB_TEXT, ZJobRefusal } from '@sewablast/contract/jobs';
import { ZIdParams } from '@sewablast/contract/paging';
import { VALIDATOR_TEXT, ZValidator, ZValidatorAnswer, ZValidatorCreateAnswer } from '@sewablast/contract/validator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { readMultipart, withStreamedForm } from '../../http/multipart.ts';
import { withRefusals } from '../jobs/refusal.ts';
import { jobFailures, registerJobRoutes } from '../jobs/routes.ts';
import type { ValidatorService } from './service.ts';

const tags = ['validator'];

export const validatorRoutes: FastifyPluginAsyncZod<{ validators: ValidatorService; importMaxMb: number }> = async (
  app,
  { validators, importMaxMb },
) => {
  const upload = { fileBytes: importMaxMb * 1024 * 1024, tooLarge: `File maksimal ${importMaxMb} MB.` };
  const one = async (row: Parameters<ValidatorService['present']>[0][number]) => {
    const [validator] = await validators.present([row]);
    if (!validator) throw new Error('validator not presented');
    return validator;
  };

  registerJobRoutes(app, {
    tags,
    key: 'validator',
    core: validators.core,
    present: validators.present,
    item: ZValidator,
    downloadName: VALIDATOR_TEXT.downloadName,
    remove: validators.remove,
  });

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: `Multipart: file (.csv, .json or .xlsx, at most IMPORT_MAX_MB), whatsapp_id, b_insert, interval_min, interval_max`,
        consumes: ['multipart/form-data'],
        response: { 200: ZValidatorCreateAnswer, ...jobFailures, 413: jobFailures[400] },
      },
    },
    async (request) => {
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
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary:
          "Multipart without a file: whatsapp_id, b_insert, interval_min, interval_max. 409 code 'running' while it runs",
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZValidatorAnswer, ...jobFailures, 409: ZJobRefusal },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, upload);
      return withRefusals(reply, async () => ({
        msg: JOB_TEXT.saved,
        validator: await one(await validators.update(requireActor(request), request.params.id, form.fields)),
      }));
    },
  );
};
