/**
 * /api/admin/users members, members-per-page and member-options: admins and devs only (spec part 2 §2 Member
 * list; the area's default access in http/app.ts).
 */
import {
  ZMemberOptions,
  ZMemberOptionsQuery,
  ZMemberPage,
  ZMemberPageQuery,
  ZMembers,
  ZMembersQuery,
} from '@sewablast/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failuresOf } from '../../http/errors.ts';
import type { MemberService } from './members.ts';

const tags = ['users'];
const failures = failuresOf(400, 401, 403);

export const memberRoutes: FastifyPluginAsyncZod<{ members: MemberService }> = async (app, { members }) => {
  app.get(
    '/members',
    {
      schema: {
        tags,
        summary: 'Up to 100 members by full name (id, names, email), searched by the start of a name or email',
        querystring: ZMembersQuery,
        response: { 200: ZMembers, ...failures },
      },
    },
    async (request) => members.list(request.query),
  );

  app.get(
    '/members-per-page',
    {
      schema: {
        tags,
        summary: 'A page of members, newest first, searched by the start of a name or email, filtered by status',
        querystring: ZMemberPageQuery,
        response: { 200: ZMemberPage, ...failures },
      },
    },
    async (request) => members.page(request.query),
  );

  app.get(
    '/member-options',
    {
      schema: {
        tags,
        summary: 'Up to 20 members by name for a picker; `id` is shown first whatever the search',
        querystring: ZMemberOptionsQuery,
        response: { 200: ZMemberOptions, ...failures },
      },
    },
    async (request) => ({ list: await members.options(request.query) }),
  );
};
