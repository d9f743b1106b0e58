/**
 * The parent's side of the fake endpoint's own process (process.ts): forks it, makes Baileys in this process
 * trust its root for as long as it runs, and asks it things (link a phone, add contacts, give tokens), each
 * answered when done. For a test or benchmark whose process should hold the sessions alone.
 */
import { fork } from 'node:child_process';
import { WA_CERT_DETAILS } from 'baileys';

export interface EndpointProcess {
  url: string;
  ask: (message: object) => Promise<void>;
  /** Ends the endpoint's process and puts WhatsApp's own root back. */
  stop: () => void;
}

export async function startEndpointProcess(): Promise<EndpointProcess> {
  const endpoint = fork(new URL('./process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; root: string; serial: number }>((resolve) =>
    endpoint.once('message', resolve),
  );
  const real = { ...WA_CERT_DETAILS };
  Object.assign(WA_CERT_DETAILS, { PUBLIC_KEY: Buffer.from(ready.root, 'base64'), SERIAL: ready.serial });
  const answers = new Map<number, (error?: string) => void>();
  let asks = 0;
  endpoint.on('message', ({ id, error }: { id: number; error?: string }) => {
    answers.get(id)?.(error);
    answers.delete(id);
  });
  return {
    url: ready.url,
    ask: (message) =>
      new Promise<void>((resolve, reject) => {
        const id = ++asks;
        answers.set(id, (error) => (error ? reject(new Error(error)) : resolve()));
        endpoint.send({ id, ...message });
      }),
    stop() {
      endpoint.disconnect();
      Object.assign(WA_CERT_DETAILS, real);
    },
  };
}
