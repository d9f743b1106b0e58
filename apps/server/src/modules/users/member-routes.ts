/**
 * The handlers of /api/admin/users members, members-per-page and member-options (spec part 2 §2 Member
 * list): the calls, who may make them and their schemas are in the contract (members-calls.ts, users-schemas.ts).
 */
import * as calls from '@sewablast/contract/members-calls';
import { MEMBERS_SCHEMAS as schemas } from '@sewablast/contract/users-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bind } from '../../http/bind.ts';
import type { MemberService } from './members.ts';

export const memberRoutes: FastifyPluginAsyncZod<{ members: MemberService }> = async (app, { members }) => {
  bind(app, calls.members, schemas.members, async (request) => members.list(request.query));
  bind(app, calls.memberPage, schemas.memberPage, async (request) => members.page(request.query));
  bind(app, calls.memberOptions, schemas.memberOptions, async (request) => ({
    list: await members.options(request.query),
  }));
};
