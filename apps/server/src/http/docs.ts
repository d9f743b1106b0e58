/**
 * OpenAPI generated from the routes' zod schemas: the document at /api/docs/json, a browsable page at
 * /api/docs. Each operation names who may call it (`x-access`: 'public' or the roles), so that the
 * generated role-matrix test and a reader see the same rule the server enforces.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ROLE_GROUPS } from '@sewablast/contract/roles';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { defaultAccess } from './access.ts';

export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sewablast API', description: 'Whatsapp Blaster for Rent', version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (access === undefined) return output;
      const rule =
        access === 'public' ? { 'x-access': 'public', security: [] } : { 'x-access': [...ROLE_GROUPS[access]] };
      return { ...output, schema: { ...output.schema, ...rule } };
    },
  });
  await app.register(async (docs) => {
    defaultAccess(docs, 'public');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
