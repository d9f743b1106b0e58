/** GET /dev/monitor/local, /dev/monitor/remote?id, /dev/monitor/socket?id (spec part 2 §7): devs only. */
import {
  ZLocalMonitorResponse,
  ZMonitorQuery,
  ZRemoteMonitorResponse,
  ZSocketMonitorResponse,
} from '@sewablast/contract/monitor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { failuresOf } from '../../http/errors.ts';
import type { MonitorService } from './service.ts';

interface MonitorOptions {
  monitor: MonitorService;
  role: Config['ROLE'];
}

export const monitorRoutes: FastifyPluginAsyncZod<MonitorOptions> = async (app, { monitor, role }) => {
  app.get(
    '/monitor/local',
    {
      config: { access: 'devOnly' },
      schema: {
        tags: ['dev'],
        summary: 'This node: sessions by state, leases held, loops by kind, memory, event-loop lag, role and worker id',
        response: { 200: ZLocalMonitorResponse, ...failuresOf(401, 403) },
      },
    },
    async () => ({ data: await monitor.local(role) }),
  );

  app.get(
    '/monitor/remote',
    {
      config: { access: 'devOnly' },
      schema: {
        tags: ['dev'],
        summary: "A device's live state, from whichever worker holds its lease (id: client id or account id)",
        querystring: ZMonitorQuery,
        response: {
          200: ZRemoteMonitorResponse,
          ...failuresOf(400, 401, 403, 404, 503),
        },
      },
    },
    async (request) => ({ data: await monitor.remote(request.query.id) }),
  );

  app.get(
    '/monitor/socket',
    {
      config: { access: 'devOnly' },
      schema: {
        tags: ['dev'],
        summary: "The live-channel sockets that receive an id's events (a device, or a channel), on every api node",
        querystring: ZMonitorQuery,
        response: { 200: ZSocketMonitorResponse, ...failuresOf(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await monitor.socket(request.query.id) }),
  );
};
