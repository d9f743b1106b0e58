/**
 * The caller's remembered devices ('Ingat perangkat ini 30 hari'): GET /api/auth/two-factor/devices and
 * DELETE /api/auth/two-factor/devices/{id}. Always the caller's own: another user's device is answered as
 * one that does not exist.
 */
import { ZMsgResponse } from '@sewablast/contract/errors';
import { ZIdParams } from '@sewablast/contract/paging';
import { TWO_FACTOR_TEXT, ZRememberedDeviceList } from '@sewablast/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { RememberedDevices } from './remembered-devices.ts';

const failures = failuresOf(400, 401, 403, 404);

export const rememberedDeviceRoutes: FastifyPluginAsyncZod<{ devices: RememberedDevices }> = async (
  app,
  { devices },
) => {
  app.get(
    '/two-factor/devices',
    {
      schema: {
        tags: ['auth'],
        summary: "The caller's remembered devices: which, when remembered, last used",
        response: { 200: ZRememberedDeviceList, ...failures },
      },
    },
    async (request) => ({ list: await devices.list(requireActor(request)) }),
  );

  app.delete(
    '/two-factor/devices/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forget one remembered device: its next sign-in asks for the code again',
        params: ZIdParams,
        response: { 200: ZMsgResponse, ...failures },
      },
    },
    async (request) => {
      await devices.forget(requireActor(request), request.params.id);
      return { msg: TWO_FACTOR_TEXT.forgotten };
    },
  );
};
