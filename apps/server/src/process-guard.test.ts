import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installProcessGuard, thrownInSessionLibrary } from './process-guard.ts';

function thrownAt(...frames: string[]): Error {
  const error = new Error('boom');
  error.stack = ['Error: boom', ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

const BAILEYS = 'decodeFrame (/srv/node_modules/baileys/lib/Socket/socket.js:301:19)';
const WS = 'Receiver.emit (/srv/node_modules/ws/lib/receiver.js:12:3)';
const OURS = 'BaileysSession.onMessage (/srv/apps/server/dist/wa/baileys.js:40:11)';

function guarded() {
  const target = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  installProcessGuard(target as unknown as NodeJS.Process, {
    write: (line) => lines.push(line),
    exit: (code) => exits.push(code),
  });
  return { target, lines, exits };
}

describe('the process guard', () => {
  it('tells a fault thrown inside Baileys or its socket from one thrown in our code', () => {
    expect(thrownInSessionLibrary(thrownAt(BAILEYS, OURS))).toBe(true);
    expect(thrownInSessionLibrary(thrownAt('process.processTicksAndRejections (node:internal/x:95:5)', WS))).toBe(true);
    expect(thrownInSessionLibrary(thrownAt(OURS, BAILEYS, WS))).toBe(false);
    expect(thrownInSessionLibrary('a string')).toBe(false);
  });

  it('logs every unhandled rejection and keeps the process', () => {
    const { target, lines, exits } = guarded();
    target.emit('unhandledRejection', thrownAt(OURS));
    target.emit('unhandledRejection', 'no error object');
    expect(lines).toEqual([
      expect.stringMatching(/^Unhandled rejection, still serving: Error: boom\n {4}at BaileysSession\.onMessage/),
      'Unhandled rejection, still serving: no error object',
    ]);
    expect(exits).toEqual([]);
  });

  it('keeps serving through an exception thrown inside Baileys, and stops on any other', () => {
    const { target, lines, exits } = guarded();
    target.emit('uncaughtException', thrownAt(BAILEYS));
    expect(exits).toEqual([]);
    target.emit('uncaughtException', thrownAt(OURS, BAILEYS));
    expect(exits).toEqual([1]);
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'Uncaught exception in a WhatsApp session, still serving',
      'Uncaught exception, stopping',
    ]);
  });
});
