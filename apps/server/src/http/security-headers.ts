/**
 * helmet's headers on every answer, worked out once: @fastify/helmet builds helmet's middleware again for every
 * request (its directives parsed, a function per header), about 1 % of a signed-in page's CPU
 * (docs/performance.md, "The CPU of a name's first page"). No route asks for its own helmet options or a CSP
 * nonce, so every answer's are the same: those helmet sets on a throw-away instance's answer.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

async function answerHeaders(options?: FastifyHelmetOptions): Promise<Record<string, unknown>> {
  const probe = Fastify();
  if (options) await probe.register(helmet, options);
  probe.get('/', async () => '');
  const { headers } = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const plain = await answerHeaders();
  const fixed = Object.entries(await answerHeaders(options)).filter(
    ([name, value]) => plain[name] === undefined && typeof value === 'string',
  ) as [string, string][];
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of fixed) reply.raw.setHeader(name, value);
    done();
  });
}
