/**
 * Bad input never reaches a 5xx (DESIGN §6, issue 9): every operation of the OpenAPI document is sent, by a
 * dev (the role every role check lets through, so the probes reach parsing, validation and the services),
 * malformed and empty bodies, wrong types for every body property, NUL bytes, 1 MB strings, ids out of range,
 * bad paging and junk multipart. Each answer must be below 500, carry a string `msg` unless it is a 2xx, and
 * come within 5 s. The operations are read from the document, so a route added later is probed without a
 * line here.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';
import { type JsonSchema, type Operation, readOperations } from './openapi.ts';

interface Body {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

interface Probe extends Body {
  url: string;
  /** The one answer that is right, where any 4xx would not do (a date outside the service's years is a 400). */
  status?: number;
}

const ANSWER_WITHIN_MS = 5000;
const BATCH = 8;
/** Just under the 1 MiB body limit with its JSON around it, so that it is parsed and reaches validation. */
const MEGABYTE_STRING = 'a'.repeat(1_000_000);
/** Ids as a client may type them: negative, zero, past PostgreSQL's integer, past a safe integer, not digits. */
const BAD_IDS = ['-1', '0', '2147483648', '99999999999999999999', '1e3', 'abc', '\u0000', ''];
/** The same in a JSON body, written as raw JSON so that `1e3` and twenty nines arrive as the client wrote them. */
const BAD_JSON_IDS = ['-1', '0', '2147483648', '99999999999999999999', '1e3', '"abc"', '"%00"', '"\\u0000"', '"7"'];
/**
 * Days as a client may type them into a date query: outside the service's years (year 1 and 9999 once
 * answered 500 or cut a file short), just outside them, and one that is no day at all.
 */
const BAD_DAYS = ['0001-01-01', '9999-12-31', '1999-12-31', '2101-01-01', '2026-02-30'];
/** A day inside the service's years, for the date parameters a probe does not make wrong. */
const GOOD_DAY = '2026-01-15';
/** A value of every JSON type, so that each property gets at least one of the wrong one. */
const WRONG_TYPES: unknown[] = [7, 'text', { a: 1 }, [1, 'a'], null, true];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A whole number written loosely, made from the value a probe would send: each must be refused with 400,
 * not read as that value (a fuzzer reset a dev's password through `PUT /users/+1`). Paths and queries carry
 * text; a JSON body carries these as the JSON values they are.
 */
const LOOSE_TEXTS = (n: number) => [`+${n}`, ` ${n}`, `${n} `, `${n}e0`, `${n}.0`, `0x${n.toString(16)}`, `-${n}`];
const LOOSE_JSON = (n: number): unknown[] => [[n], true, `${n / 10}e1`, ...LOOSE_TEXTS(n)];
/** Paging is forgiving by design: a page or a size it cannot read is the first page of ten. */
const FORGIVING_QUERY = new Set(['page', 'limit']);
/**
 * Import rows as a careless export writes them (a NUL in a name, a number or a password, a quote left
 * open), for every kind of import: numbers, proxies, templates.
 */
const JUNK_ROWS = [
  '6281299990001,na\u0000me',
  '62\u000081,x',
  'http://user:pa\u0000ss@10.0.0.2:8080',
  '6281299990002,"unterminated',
].join('\n');
const JUNK_JSON = JSON.stringify([
  { number: '6281299990003', name: 'na\u0000me' },
  { number: '62\u00008', name: { a: 1 } },
  { value: 'http://user:pa\u0000ss@10.0.0.3:8080' },
  { text: 'Halo\u0000', button: [{ id: 1, title: 2, url: 3, type: 4 }] },
  { text: 'Halo', text_wa: 'x\u0000', status: 'deleted' },
  7,
  null,
]);

// Thousands of probes in seconds: the per-user request limit (a test of its own) would answer most of them.
const t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 1_000_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
/**
 * Probes take turns among several devs and client addresses: the limits per account and per address
 * (linking, sign-in, sign-up; each tested on its own) would otherwise answer 429 in place of the route.
 */
const devs = await Promise.all(Array.from({ length: 16 }, () => t.loginAs('dev')));
const member = await t.loginAs('member');
/** A member the probes above leave alone (they change `member`'s password, which ends its session). */
const looseMember = await t.loginAs('member');
afterAll(() => t.close());

/** Real rows, so that a probe that changes one property of an otherwise valid request reaches the service. */
const phone = await t.services.phoneNumbers.create({ number: '6281234567890', name: 'Probe' });
const proxy = await t.services.proxies.create('http://probe:secret@10.0.0.1:8080');
const level = await t.services.levels.create({ name: 'Probe', blast_fee: 100, requirement_blast: 10 });
const template = await t.services.messages.create(
  { text: '<p>Probe</p>', buttons: [], status: 'active', removeMedia: false },
  await t.services.messages.storeMedia(Readable.from([Buffer.from('%PDF-1.4 probe')]), 'probe.pdf', member.user.id),
);
const account = await t.db
  .insert(whatsappAccounts)
  .values({ clientid: 'probe-account-1', user_id: member.user.id, phonenumber: '6281200000001', state: 'connected' })
  .returning()
  .then(([row]) => row ?? Promise.reject(new Error('account not created')));
if (!template.media) throw new Error('template media not stored');
const fileId = Number(/\/api\/file\/(\d+)/.exec(template.media)?.[1]);

/** The real id for an integer id of an area (the path segment after /api/admin); anything else names a user. */
const AREA_IDS: Record<string, number> = {
  users: member.user.id,
  level: level.id,
  message: template.id,
  phonenumber: phone.id,
  proxy: proxy.id,
  whatsapp: account.id,
  file: fileId,
};

function areaOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return (segments[1] === 'admin' ? segments[2] : segments[1]) ?? '';
}

/** A valid-looking value for a parameter or property, real where it names a row. */
function sample(path: string, name: string, schema: JsonSchema): unknown {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(path, name, variant);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number': {
      if (/^(user_?id)$/i.test(name)) return member.user.id;
      if (name === 'id') return AREA_IDS[areaOf(path)] ?? member.user.id;
      const least = (schema.minimum ?? 1) + (schema.exclusiveMinimum ? 1 : 0);
      return Math.min(Math.max(least, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return GOOD_DAY;
      return sample(path, name, { ...schema, type: undefined });
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (/id$/i.test(name) || schema.pattern?.includes('A-Za-z0-9_-')) return account.clientid;
      // One address per operation: a sign-up probe must not take the address a profile probe then sends.
      if (/email/i.test(name)) return `probe-${path.replace(/\W+/g, '-')}@test.local`;
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 8));
  }
}

/** The operation's URL with each path parameter real unless overridden, and the given query over the required. */
function urlOf(operation: Operation, overrides: Record<string, string> = {}, query = ''): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name in overrides) return encodeURIComponent(overrides[name] ?? '');
    const parameter = operation.parameters.find((item) => item.in === 'path' && item.name === name);
    return encodeURIComponent(String(sample(operation.path, name, parameter?.schema ?? {})));
  });
  const required = operation.parameters
    // A parameter the probe's query names is the probe's to set: sent twice it would be an array.
    .filter((item) => item.in === 'query' && item.required && !new URLSearchParams(query).has(item.name))
    .map((item) => `${item.name}=${encodeURIComponent(String(sample(operation.path, item.name, item.schema)))}`);
  const full = [...required, query].filter(Boolean).join('&');
  return full ? `${path}?${full}` : path;
}

function pathProbes(operation: Operation): Probe[] {
  return operation.parameters
    .filter((item) => item.in === 'path')
    .flatMap((parameter) =>
      [...BAD_IDS, MEGABYTE_STRING, 'a\u0000b']
        .map((value) => ({
          label: `path ${parameter.name}=${JSON.stringify(value.slice(0, 24))}`,
          url: urlOf(operation, { [parameter.name]: value }),
        }))
        .concat({
          // A percent sign that starts no valid escape: the router cannot decode the path.
          label: `path ${parameter.name} badly encoded`,
          url: urlOf(operation, { [parameter.name]: 'MARKER' }).replace('MARKER', '%E0%A4%A'),
        }),
    );
}

function queryProbes(operation: Operation): Probe[] {
  const values = [...BAD_IDS, MEGABYTE_STRING, 'a\u0000b'];
  const names = new Set(operation.parameters.filter((item) => item.in === 'query').map((item) => item.name));
  const probes: Probe[] = [...names].flatMap((name) => [
    ...values.map((value) => ({
      label: `query ${name}=${JSON.stringify(value.slice(0, 24))}`,
      url: urlOf(operation, {}, `${name}=${encodeURIComponent(value)}`),
    })),
    { label: `query ${name} twice`, url: urlOf(operation, {}, `${name}=1&${name}=2`) },
  ]);
  const days = operation.parameters.filter((item) => item.in === 'query' && item.schema.format === 'date');
  for (const { name } of days) {
    for (const day of BAD_DAYS)
      probes.push({ label: `query ${name}=${day}`, url: urlOf(operation, {}, `${name}=${day}`), status: 400 });
  }
  if (days.some((item) => item.name === 'from') && days.some((item) => item.name === 'to')) {
    probes.push({
      label: 'query from after to',
      url: urlOf(operation, {}, 'from=2026-02-01&to=2026-01-31'),
      status: 400,
    });
  }
  // Paging junk goes to every GET, whether it pages or not: a route that starts paging later is covered.
  if (operation.method !== 'GET') return probes;
  return [
    ...probes,
    ...['page=-1', 'page=abc', 'page=0', 'page=99999999999999999999', 'limit=100000', 'limit=-1', 'search=%00'].map(
      (query) => ({ label: `paging ${query}`, url: urlOf(operation, {}, query) }),
    ),
  ];
}

function json(label: string, url: string, value: unknown): Probe {
  return { label, url, payload: JSON.stringify(value), contentType: 'application/json' };
}

/** The body as the document describes it, one property at a time made wrong. */
function propertyProbes(operation: Operation, url: string): Probe[] {
  const properties = Object.entries(operation.body?.properties ?? {});
  const base = Object.fromEntries(properties.map(([name, schema]) => [name, sample(operation.path, name, schema)]));
  return properties.flatMap(([name, schema]) => {
    const withValue = (value: unknown) => ({ ...base, [name]: value });
    const probes = [
      ...WRONG_TYPES.map((value) => json(`body ${name}=${JSON.stringify(value)}`, url, withValue(value))),
      json(`body ${name} with NUL`, url, withValue('a\u0000b')),
      json(`body ${name} 1 MB`, url, withValue(MEGABYTE_STRING)),
      json(`body without ${name}`, url, { ...base, [name]: undefined }),
    ];
    if (schema.type !== 'integer' && schema.type !== 'number') return probes;
    const marker = '"__raw__"';
    return [
      ...probes,
      ...BAD_JSON_IDS.map((raw) => ({
        label: `body ${name}=${raw}`,
        url,
        payload: JSON.stringify(withValue('__raw__')).replace(marker, raw),
        contentType: 'application/json',
      })),
    ];
  });
}

async function formOf(label: string, ...parts: Parameters<typeof multipartBody>): Promise<Body> {
  const body = await multipartBody(...parts);
  return { label, payload: body.payload, contentType: body.contentType };
}

/** Forms as a careless or hostile client sends them, the same for every operation that takes a body. */
const form = await formOf(
  'multipart with NUL fields',
  { text: 'a\u0000b', name: '\u0000' },
  { name: 'rows.csv', bytes: JUNK_ROWS },
);
const formBytes = form.payload as Buffer;
const boundary = form.contentType?.split('boundary=')[1] ?? '';
const FORMS: Body[] = [
  form,
  { label: 'multipart without boundary', payload: formBytes, contentType: 'multipart/form-data' },
  { label: 'multipart with a foreign boundary', payload: formBytes, contentType: 'multipart/form-data; boundary=x' },
  { ...form, label: 'multipart cut short', payload: formBytes.subarray(0, formBytes.length >> 1) },
  {
    ...form,
    label: 'multipart without its closing line',
    payload: formBytes.subarray(0, formBytes.lastIndexOf(`--${boundary}--`)),
  },
  await formOf('multipart with junk CSV rows', {}, { name: 'rows.csv', bytes: JUNK_ROWS }),
  await formOf('multipart with junk JSON rows', {}, { name: 'rows.json', bytes: JUNK_JSON }),
  await formOf('multipart with a binary file', {}, { name: 'x.csv', bytes: Buffer.from([0, 255, 1, 254, 0x1f, 0x8b]) }),
  await formOf(
    'multipart with a NUL in the file name',
    { text: 'Probe' },
    { name: '../a\u0000b.pdf', bytes: '%PDF-1.4' },
  ),
  await formOf('multipart with wrong-typed fields', {
    text: 'Probe',
    button: '[{"id":1,"title":2,"url":3,"type":4}]',
    status: 'deleted',
  }),
];

/** Whole bodies that are not what any route takes: broken, empty, the wrong JSON type, the wrong media type. */
function bodyProbes(operation: Operation): Probe[] {
  const url = urlOf(operation);
  const raw = (label: string, payload: string, contentType?: string): Probe => ({ label, url, payload, contentType });
  // Property by property first: a route with a tight rate limit of its own (linking, sign-up) answers 429
  // once it is spent, and these are the probes that reach furthest.
  return [
    ...propertyProbes(operation, url),
    raw('malformed JSON', '{"a":', 'application/json'),
    raw('empty JSON body', '', 'application/json'),
    raw('no body', ''),
    raw('JSON null', 'null', 'application/json'),
    raw('JSON array', '[]', 'application/json'),
    raw('JSON string', '"text"', 'application/json'),
    raw('JSON number', '99999999999999999999', 'application/json'),
    raw('JSON with a NUL key', '{"\\u0000":"\\u0000"}', 'application/json'),
    raw('JSON nested 10000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'application/json'),
    raw('JSON as text/plain', '{"a":1}', 'text/plain'),
    raw('a urlencoded form', 'a=1', 'application/x-www-form-urlencoded'),
    ...FORMS.map((probe) => ({ ...probe, url })),
  ];
}

function isWhole(schema: JsonSchema): boolean {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  return variant.type === 'integer';
}

/** Every whole number the operation reads (path, query, JSON body), written loosely. */
function looseProbes(operation: Operation): Probe[] {
  const probes: Probe[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header' || !isWhole(parameter.schema) || FORGIVING_QUERY.has(parameter.name)) continue;
    const n = Number(sample(operation.path, parameter.name, parameter.schema));
    for (const text of LOOSE_TEXTS(n)) {
      const label = `${parameter.in} ${parameter.name}=${JSON.stringify(text)}`;
      probes.push({
        label,
        url:
          parameter.in === 'path'
            ? urlOf(operation, { [parameter.name]: text })
            : urlOf(operation, {}, `${parameter.name}=${encodeURIComponent(text)}`),
      });
    }
  }
  const properties = Object.entries(operation.body?.properties ?? {});
  const base = Object.fromEntries(properties.map(([name, schema]) => [name, sample(operation.path, name, schema)]));
  for (const [name, schema] of properties) {
    if (!isWhole(schema)) continue;
    for (const value of LOOSE_JSON(Number(base[name]))) {
      probes.push(json(`body ${name}=${JSON.stringify(value)}`, urlOf(operation), { ...base, [name]: value }));
    }
  }
  return probes;
}

function probesOf(operation: Operation): Probe[] {
  const probes = [...pathProbes(operation), ...queryProbes(operation)];
  if (BODY_METHODS.has(operation.method)) probes.push(...bodyProbes(operation));
  return probes;
}

let probeCount = 0;

/** What is wrong with the answer to one probe, or null when it is as it should be. */
async function fault(operation: Operation, probe: Probe): Promise<string | null> {
  probeCount += 1;
  const headers: Record<string, string> = { ...devs[probeCount % devs.length]?.headers };
  if (probe.contentType) headers['content-type'] = probe.contentType;
  const started = performance.now();
  const res = await t.app.inject({
    method: operation.method as 'GET',
    url: probe.url,
    headers,
    remoteAddress: `10.${(probeCount >> 16) & 255}.${(probeCount >> 8) & 255}.${probeCount & 255}`,
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  });
  const elapsed = performance.now() - started;
  const where = `${operation.name} ${probe.label}`;
  if (elapsed > ANSWER_WITHIN_MS) return `${where}: answered after ${Math.round(elapsed)} ms`;
  if (res.statusCode >= 500) return `${where}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (probe.status && res.statusCode !== probe.status)
    return `${where}: ${res.statusCode} where ${probe.status} is right: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 300) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${where}: ${res.statusCode} answered not JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof (body as { msg?: unknown } | null)?.msg !== 'string')
    return `${where}: ${res.statusCode} answered without msg: ${res.body.slice(0, 200)}`;
  return null;
}

// Deletes last, so that the rows the other operations use are still there when they are probed.
const operations = (await readOperations(t.app)).sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);

describe('bad input never reaches a 5xx', () => {
  it('reads every API and dev operation from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'PUT /api/admin/message/{id}',
        'POST /dev/simulator/{deviceId}/{action}',
      ]),
    );
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))('%s', async (_name, operation) => {
    const probes = probesOf(operation);
    const faults: string[] = [];
    for (let start = 0; start < probes.length; start += BATCH) {
      const answers = await Promise.all(probes.slice(start, start + BATCH).map((probe) => fault(operation, probe)));
      faults.push(...answers.filter((answer): answer is string => answer !== null));
    }
    expect(faults).toEqual([]);
  });

  /** A dev, or the member where the route is a member's alone: a caller above the role is refused before parsing. */
  const callerOf = (operation: Operation) =>
    Array.isArray(operation.access) && !operation.access.includes('dev')
      ? looseMember
      : (devs[probeCount % devs.length] ?? looseMember);

  const looseOperations = operations
    .map((operation) => [operation.name, operation, looseProbes(operation)] as const)
    .filter(([, , probes]) => probes.length > 0);

  it('finds loose-number probes for ids in paths, queries and bodies and for money amounts', () => {
    const labels = looseOperations.flatMap(([name, , probes]) => probes.map((probe) => `${name} ${probe.label}`));
    expect(labels).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/users/{id} path id="+1"'.replace('+1', `+${member.user.id}`),
        'POST /api/admin/withdraw/request body nominal="1000e1"',
        'POST /api/admin/bonus/create body nominal=true',
      ]),
    );
  });

  it.each(looseOperations)('%s refuses a loosely written number with 400', async (_name, operation, probes) => {
    const wrong: string[] = [];
    for (const probe of probes) {
      probeCount += 1;
      const res = await t.app.inject({
        method: operation.method as 'GET',
        url: probe.url,
        headers: {
          ...callerOf(operation).headers,
          ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
        },
        remoteAddress: `10.200.${(probeCount >> 8) & 255}.${probeCount & 255}`,
        ...(probe.payload === undefined ? {} : { payload: probe.payload }),
      });
      if (res.statusCode !== 400) wrong.push(`${probe.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('left the devs signed in, so every probe above got past authentication', async () => {
    for (const { user, headers } of devs) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers });
      expect(res.statusCode).toBe(200);
    }
  });
});
