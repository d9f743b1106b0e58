/**
 * The live channel (spec part 1 §7): one WebSocket per screen that needs it, `client-{userId}` or
 * `client-admin`, with the token. It pings on open, reconnects by itself after a drop (backing off up to
 * 10 s) and tells the screen when it is back, so that the screen can re-read what it may have missed.
 */

import * as auth from '@sewablast/contract/auth-calls';
import type { TLiveMessage } from '@sewablast/contract/live';
import {
  ADMIN_CHANNEL,
  isLiveMessage,
  memberChannel,
  PING,
  SESSION_ENDED_CLOSE,
} from '@sewablast/contract/live-channel';
import { UNSENDABLE_STATES } from '@sewablast/contract/whatsapp-states';
import { useEffect, useRef, useState } from 'react';
import { call } from './api.ts';
import { getToken, storeUser } from './session.ts';

/**
 * After the server closed a socket because its token's session ended or its user's role narrowed: a token
 * the server refuses signs this tab out; a valid one (a fresh token after this tab's own password change, or
 * a new role) refreshes the stored user, so that the guard moves a demoted user off screens no longer theirs.
 */
async function sessionStillValid(): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  try {
    const answer = await call(auth.validate, { body: { token } });
    if (answer.user) storeUser(answer.user);
    return true;
  } catch {
    // A refusal (401) has already signed this tab out and loaded /signin (api.ts).
    return false;
  }
}

export type LiveChannel = { kind: 'member'; userId: number } | { kind: 'admin' };

interface LiveHandlers {
  onMessage: (message: TLiveMessage) => void;
  /** Called after a reconnect (not the first connect). */
  onReconnect?: () => void;
}

export function useLive(channel: LiveChannel | null, handlers: LiveHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const key = channel === null ? null : channel.kind === 'admin' ? ADMIN_CHANNEL : memberChannel(channel.userId);

  useEffect(() => {
    if (key === null) return;
    let socket: WebSocket | null = null;
    let attempts = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const token = getToken();
      if (!token || stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(
        `${scheme}://${window.location.host}/ws?id=${encodeURIComponent(key)}&token=${encodeURIComponent(token)}`,
      );
      socket.onopen = () => {
        socket?.send(PING);
        if (attempts > 0) latest.current.onReconnect?.();
        attempts = 0;
      };
      socket.onmessage = (event) => {
        if (typeof event.data !== 'string' || !event.data.startsWith('{')) return;
        let message: unknown;
        try {
          message = JSON.parse(event.data);
        } catch {
          // A malformed frame is dropped; the next one is read as usual.
          return;
        }
        // So is a message no reader could take (an event this build does not know, a field it reads missing).
        if (isLiveMessage(message)) latest.current.onMessage(message);
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (event.code === SESSION_ENDED_CLOSE) {
          sessionStillValid().then((valid) => {
            if (valid && !stopped) connect();
          });
          return;
        }
        attempts += 1;
        timer = setTimeout(connect, Math.min(10_000, 1000 * 2 ** (attempts - 1)));
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [key]);
}

/** Spec part 1 §9: a changed count is highlighted for 1 s, and a wait counts down once a second. */
const TICK_MS = 1000;

/** Whether something that changed at `at` is still highlighted at `now`. */
export const isFresh = (at: number | null, now: number) => at !== null && now - at < TICK_MS;

/** The time, renewed once a second, for the screens' highlights and countdowns. */
export function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A `waiting` event: the server's seconds and when the event came. */
export interface Wait {
  seconds: number;
  since: number;
}

/**
 * Seconds left of a wait, counted down once a second from the server's `waitTime` to 0, where it stays until
 * the next send. A clock read before the event came counts as no time gone, never as a second more.
 */
export function secondsLeft(wait: Wait, now: number): number {
  const gone = Math.max(0, Math.floor((now - wait.since) / 1000));
  return Math.max(0, wait.seconds - gone);
}

/** Account states from which a blast, a generator or a validator may not start (spec part 1 §5, part 2 §4). */
export function cannotStart(state: string | null | undefined): boolean {
  return !state || (UNSENDABLE_STATES as readonly string[]).includes(state);
}
