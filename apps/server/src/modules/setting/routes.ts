/** /api/admin/setting: read by every signed-in user (marquee, bank list), changed by admins and devs. */
import { ZSettingResponse, ZUpdateSettingRequest } from '@sewablast/contract/setting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { type SettingService, toPublicSetting } from './service.ts';

export const settingRoutes: FastifyPluginAsyncZod<{ settings: SettingService }> = async (app, { settings }) => {
  app.get(
    '/get',
    {
      schema: {
        tags: ['settings'],
        summary: 'The settings, for every signed-in user',
        response: { 200: ZSettingResponse, ...failuresOf(401) },
      },
    },
    async () => ({ setting: toPublicSetting(await settings.get()) }),
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
    async (request) => ({
      setting: toPublicSetting(await settings.update(request.body, requireActor(request).id)),
    }),
  );
};
