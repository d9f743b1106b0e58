/** /api/admin/setting: read by every signed-in user (marquee, bank list), changed by admins and devs. */
import { ZErrorResponse } from '@sewablast/contract/errors';
import { ZSettingResponse, ZUpdateSettingRequest } from '@sewablast/contract/setting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { type SettingService, toPublicSetting } from './service.ts';

export const settingRoutes: FastifyPluginAsyncZod<{ settings: SettingService }> = async (app, { settings }) => {
  app.get(
    '/get',
    {
      schema: {
        tags: ['settings'],
        summary: 'The settings, for every signed-in user',
        response: { 200: ZSettingResponse, 401: ZErrorResponse },
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
        response: { 200: ZSettingResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => ({
      setting: toPublicSetting(await settings.update(request.body, requireActor(request).id)),
    }),
  );
};
