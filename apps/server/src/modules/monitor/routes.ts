/**
 * The handlers of /dev/monitor: the calls, who may make them and their schemas are in the contract
 * (monitor-calls.ts, monitor.ts MONITOR_SCHEMAS).
 */
import { MONITOR_SCHEMAS as schemas } from '@sewablast/contract/monitor';
import * as monitorCalls from '@sewablast/contract/monitor-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { bind } from '../../http/bind.ts';
import type { MonitorService } from './service.ts';

interface MonitorOptions {
  monitor: MonitorService;
  role: Config['ROLE'];
}

export const monitorRoutes: FastifyPluginAsyncZod<MonitorOptions> = async (app, { monitor, role }) => {
  bind(app, monitorCalls.local, schemas.local, async () => ({ data: await monitor.local(role) }));
  bind(app, monitorCalls.remote, schemas.remote, async (request) => ({
    data: await monitor.remote(request.query.id),
  }));
  bind(app, monitorCalls.socket, schemas.socket, async (request) => ({
    data: await monitor.socket(request.query.id),
  }));
};
