/**
 * /api/admin/setting: read by every signed-in user (marquee, bank list, the business time zone), changed by
 * admins and devs. A change wakes the blasts the safety rule holds back, so that new hours or caps hold at once.
 */
import { ZSettingResponse, ZUpdateSettingRequest } from '@sewablast/contract/setting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '../../engine/index.ts';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { type SettingService, toPublicSetting } from './service.ts';

interface SettingRoutesDeps {
  settings: SettingService;
  /** BUSINESS_TZ: the clock every time of day in the settings and on the screens is read in. */
  timeZone: string;
  engine: Engine | null;
}

export const settingRoutes: FastifyPluginAsyncZod<SettingRoutesDeps> = async (app, { settings, timeZone, engine }) => {
  app.get(
    '/get',
    {
      schema: {
        tags: ['settings'],
        summary: 'The settings, for every signed-in user',
        response: { 200: ZSettingResponse, ...failuresOf(401) },
      },
    },
    async () => ({ setting: toPublicSetting(await settings.get(), timeZone) }),
  );

  app.put(
    '/update',
    {
      config: { access: 'managers' },
      schema: {
        tags: ['settings'],
        summary: 'Change the settings',
        body: ZUpdateSettingRequest,
        response: { 200: ZSettingResponse, ...failuresOf(400, 401, 403) },
      },
    },
    async (request) => {
      const row = await settings.update(request.body, requireActor(request).id);
      await engine?.recheck();
      return { setting: toPublicSetting(row, timeZone) };
    },
  );
};
