/**
 * Keeps one fault from taking down every session of the process (issue 13). Baileys has async handlers
 * without a catch, and its queries in flight reject after the socket ends; Node's default ends the whole
 * process on such a rejection. A rejection nobody awaited has no caller left to mislead, so it is logged
 * and the process keeps serving, as Evolution API and WAHA do. An exception thrown synchronously may have
 * left any state half-written: the process keeps serving only when it was thrown inside the WhatsApp
 * library or its socket, whose state is the session's own and is rebuilt on reconnect; any other ends the
 * process, and the leases hand its accounts to the next one (DESIGN §8).
 */

/** Code paths whose synchronous faults stay inside one session. */
const SESSION_LIBRARIES = [
  '/node_modules/baileys/',
  '/node_modules/libsignal/',
  '/node_modules/whatsapp-rust-bridge/',
  '/node_modules/ws/',
];

function describe(fault: unknown): string {
  return fault instanceof Error ? (fault.stack ?? `${fault.name}: ${fault.message}`) : String(fault);
}

/** Whether the fault was thrown from inside a session's library, going by the top frames of its stack. */
export function thrownInSessionLibrary(fault: unknown): boolean {
  if (!(fault instanceof Error) || !fault.stack) return false;
  const frames = fault.stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .map((line) => line.replaceAll('\\', '/'));
  const first = frames.find((frame) => !frame.includes('node:'));
  return first !== undefined && SESSION_LIBRARIES.some((library) => first.includes(library));
}

export interface ProcessGuardOptions {
  /** One line of the server's log. */
  write: (line: string) => void;
  exit: (code: number) => void;
}

export function installProcessGuard(target: NodeJS.Process, { write, exit }: ProcessGuardOptions): void {
  target.on('unhandledRejection', (reason) => {
    write(`Unhandled rejection, still serving: ${describe(reason)}`);
  });
  target.on('uncaughtException', (error) => {
    if (thrownInSessionLibrary(error)) {
      write(`Uncaught exception in a WhatsApp session, still serving: ${describe(error)}`);
      return;
    }
    write(`Uncaught exception, stopping: ${describe(error)}`);
    exit(1);
  });
}
