/**
 * The operations of the served OpenAPI document, for tests generated from it: a route added later is
 * covered by them without a line of its own. `example` builds the smallest value a schema accepts.
 */
import type { FastifyInstance } from 'fastify';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The document's path, with `{name}` placeholders. */
  path: string;
  name: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  multipart: boolean;
  /** Who may call it, as the server declared it: 'public' or the roles. */
  access: 'public' | string[] | undefined;
}

interface DocumentOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  'x-access'?: 'public' | string[];
}

/** Every operation under /api and /dev but the document's own pages. */
export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json().paths as Record<string, Record<string, DocumentOperation>>;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        parameters: operation.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        access: operation['x-access'],
      });
    }
  }
  return operations;
}

function typeOf(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.find((type) => type !== 'null') ?? types[0];
}

/** The smallest value the schema accepts: required properties only, the first of an enum, the minimum. */
export function example(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return example(choice.find((option) => typeOf(option) !== 'null') ?? choice[0]);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, example(schema.properties?.[name] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items ?? {}));
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'http://example.com';
      return 'abcdef1234'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number': {
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
      return exclusive ?? Math.max(schema.minimum ?? 1, 1);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'abcdef1234';
  }
}
