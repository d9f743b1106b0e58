/** Whether the process has been told to stop: readiness turns 503 from that moment, before the server closes. */
export interface Lifecycle {
  readonly stopping: boolean;
  stop(): void;
}

export function createLifecycle(): Lifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
  };
}
