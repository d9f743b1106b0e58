/**
 * The handlers of the caller's remembered devices ('Ingat perangkat ini 30 hari'): the calls and their
 * schemas are in the contract (two-factor-calls.ts `devices`, `forgetDevice`). Always the caller's own:
 * another user's device is answered as one that does not exist.
 */
import { TWO_FACTOR_SCHEMAS as schemas } from '@sewablast/contract/two-factor';
import * as twoFactor from '@sewablast/contract/two-factor-calls';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { RememberedDevices } from './remembered-devices.ts';

export const rememberedDeviceRoutes: FastifyPluginAsyncZod<{ devices: RememberedDevices }> = async (
  app,
  { devices },
) => {
  bind(app, twoFactor.devices, schemas.devices, async (request) => ({
    list: await devices.list(requireActor(request)),
  }));
  bind(app, twoFactor.forgetDevice, schemas.forgetDevice, async (request) => {
    await devices.forget(requireActor(request), request.params.id);
    return { msg: TWO_FACTOR_TEXT.forgotten };
  });
};
