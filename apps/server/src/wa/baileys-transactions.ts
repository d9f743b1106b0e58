/**
 * Baileys 7 runs a send inside a key-store transaction: an AsyncLocalStorage context holding every key the
 * send read and wrote until it commits. Whatever the send starts in that context keeps it: a timer made
 * there keeps it alive until it fires, and work that goes on after the commit still reads and writes as if
 * in the transaction, into a context nobody commits any more. This module keeps the session's own work,
 * and the parts of Baileys that outlive a send, out of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SignalKeyStoreWithTransaction } from 'baileys';

/** The async context this module was loaded in: no key-store transaction of any socket. */
export const outsideTransactions = AsyncLocalStorage.snapshot();

/**
 * The socket's key store, with what runs after its transaction has ended sent back outside it. Once a
 * send's message is out, Baileys issues the account's trusted-contact token to the contact without waiting
 * (messages-send.js). That work goes on in the transaction's context after the commit, so its reads and
 * writes were taken for the transaction's and kept in it, where nothing commits them: the contact's token
 * WhatsApp answers with, and when the account last gave its own, were never stored. A key read or write,
 * or a new transaction, made in a transaction's context after its work returned runs as if made outside
 * any transaction: from and to the store at once.
 */
export function endedTransactionsOutside(keys: SignalKeyStoreWithTransaction): SignalKeyStoreWithTransaction {
  const within = new AsyncLocalStorage<{ open: boolean }>();
  const ended = () => within.getStore()?.open === false;
  const store: SignalKeyStoreWithTransaction = {
    get: (type, ids) => (ended() ? outsideTransactions(() => keys.get(type, ids)) : keys.get(type, ids)),
    set: (data) => (ended() ? outsideTransactions(() => keys.set(data)) : keys.set(data)),
    isInTransaction: () => !ended() && keys.isInTransaction(),
    transaction: (work, key) => {
      if (ended()) return outsideTransactions(() => store.transaction(work, key));
      if (within.getStore()?.open) return keys.transaction(work, key);
      const transaction = { open: true };
      return within.run(transaction, () =>
        keys.transaction(async () => {
          try {
            return await work();
          } finally {
            transaction.open = false;
          }
        }, key),
      );
    },
  };
  return store;
}

/**
 * Baileys' retry manager keeps each message sent for 5 minutes (512 at most) for a contact's retry request,
 * in an lru-cache that makes a timer per entry; the send adds it inside its transaction, so each timer kept
 * that send's keys alive with it. Its methods (none of them touches the key store) run outside.
 */
export function retriesOutsideTransactions(manager: object) {
  const prototype = Object.getPrototypeOf(manager) as Record<string, unknown>;
  const methods = manager as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const method = prototype[name];
    if (name === 'constructor' || typeof method !== 'function') continue;
    methods[name] = (...args: unknown[]) => outsideTransactions(() => method.apply(manager, args));
  }
}
