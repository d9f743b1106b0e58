/** The query keys of every withdraw read, under one root so that a request, a decision or a bonus refreshes them all. */
export const WITHDRAW_KEY = ['withdraw'] as const;
