/** The query keys of every withdraw read, under one root so that a request or a decision refreshes them all. */
export const WITHDRAW_KEY = ['withdraw'] as const;
