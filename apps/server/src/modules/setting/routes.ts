/**
 * The handlers of /api/admin/setting: the calls, who may make them and their schemas are in the contract
 * (setting-calls.ts, setting.ts SETTING_SCHEMAS). A change wakes the blasts the safety rule holds back, so
 * that new hours or caps hold at once.
 */
import { SETTING_SCHEMAS as schemas } from '@sewablast/contract/setting';
import * as setting from '@sewablast/contract/setting-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '../../engine/index.ts';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { type SettingService, toPublicSetting } from './service.ts';

interface SettingRoutesDeps {
  settings: SettingService;
  /** BUSINESS_TZ: the clock every time of day in the settings and on the screens is read in. */
  timeZone: string;
  engine: Engine | null;
}

export const settingRoutes: FastifyPluginAsyncZod<SettingRoutesDeps> = async (app, { settings, timeZone, engine }) => {
  bind(app, setting.get, schemas.get, async () => ({ setting: toPublicSetting(await settings.get(), timeZone) }));
  bind(app, setting.update, schemas.update, async (request) => {
    const row = await settings.update(request.body, requireActor(request).id);
    await engine?.recheck();
    return { setting: toPublicSetting(row, timeZone) };
  });
};
