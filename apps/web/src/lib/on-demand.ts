/**
 * Code a screen fetches when the person first reaches for it (a menu, a dialog) rather than on its first
 * load (DESIGN §10): fetched once for everyone who asks, and tried again on the next reach if it failed.
 */
export interface OnDemand<T> {
  /** What the download gave, once it has. */
  readonly loaded: T | undefined;
  load(): Promise<T>;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
