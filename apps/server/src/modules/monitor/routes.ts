/** GET /dev/monitor/local, /dev/monitor/remote?id, /dev/monitor/socket?id (spec part 2 §7): devs only. */
import { ZErrorResponse } from '@sewablast/contract/errors';
import {
  ZLocalMonitorResponse,
  ZMonitorQuery,
  ZRemoteMonitorResponse,
  ZSocketMonitorResponse,
} from '@sewablast/contract/monitor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { MonitorService } from './service.ts';

interface MonitorOptions {
  monitor: MonitorService;
  role: Config['ROLE'];
}

const refusals = { 401: ZErrorResponse, 403: ZErrorResponse };

export const monitorRoutes: FastifyPluginAsyncZod<MonitorOptions> = async (app, { monitor, role }) => {
  app.get(
    '/monitor/local',
    {
      config: { access: 'devOnly' },
      schema: {
        tags: ['dev'],
        summary: 'This node: sessions by state, leases held, loops by kind, memory, event-loop lag, role and worker id',
        response: { 200: ZLocalMonitorResponse, ...refusals },
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
          400: ZErrorResponse,
          ...refusals,
          404: ZErrorResponse,
          503: ZErrorResponse,
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
        response: { 200: ZSocketMonitorResponse, 400: ZErrorResponse, ...refusals, 404: ZErrorResponse },
      },
    },
    async (request) => ({ data: await monitor.socket(request.query.id) }),
  );
};
