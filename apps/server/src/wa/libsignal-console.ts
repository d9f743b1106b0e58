/**
 * libsignal (the signal library Baileys 7 depends on, WhiskeySockets' `libsignal` 6) writes to the console
 * as it works: `console.info('Closing session:', session)` prints a whole session record, root and chain
 * keys included, to stdout each time a contact's session is rebuilt, and no logger option reaches it
 * (issue 22, item 8). The console methods are wrapped once, when Baileys first loads: a call made from
 * inside libsignal's files keeps only its leading text (a fixed sentence in every one of its calls) and
 * goes to the Baileys logger at debug; its arguments, where the key material is, go nowhere. Every other
 * caller's console works as before.
 */
import { sep } from 'node:path';

type Logger = { debug(object: object, message: string): void };

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir'] as const;
const LIBSIGNAL = `${sep}node_modules${sep}libsignal${sep}`;

let installed: Logger | null = null;

/** True when the calling code (below the wrapper itself) is one of libsignal's files. */
function calledFromLibsignal(): boolean {
  const stack = new Error().stack ?? '';
  // Frames: the Error line, this function, the wrapper, then the caller.
  const caller = stack.split('\n')[3] ?? '';
  return caller.includes(LIBSIGNAL);
}

export function keepLibsignalOffConsole(logger: Logger) {
  if (installed) {
    installed = logger;
    return;
  }
  installed = logger;
  for (const method of METHODS) {
    const original = console[method].bind(console) as (...args: unknown[]) => void;
    console[method] = (...args: unknown[]) => {
      if (!calledFromLibsignal()) {
        original(...args);
        return;
      }
      const text = typeof args[0] === 'string' ? args[0].slice(0, 120) : '';
      installed?.debug({ source: 'libsignal', method }, text);
    };
  }
}
