/**
 * An HTTP(S) proxy's CONNECT that never answers kept its socket open for good (issue 22, a host's stop): the
 * agent waits for the proxy's answer with no bound, and a request given up meanwhile (Baileys' own 20 s
 * connect timeout, a session closed) never reaches that socket, so every login tried through a dead proxy
 * left one behind. Here each CONNECT is bounded, and `destroy` (the session closing) ends those under way.
 */
import { HttpsProxyAgent } from 'https-proxy-agent';

/** A proxy that has not answered a CONNECT by then never will (Baileys gives a connect up after 20 s). */
export const PROXY_CONNECT_MS = 20_000;

type ConnectArgs = Parameters<HttpsProxyAgent<string>['connect']>;

export class BoundedProxyAgent extends HttpsProxyAgent<string> {
  private readonly connecting = new Set<AbortController>();

  constructor(
    proxy: string,
    private readonly connectMs = PROXY_CONNECT_MS,
  ) {
    super(proxy);
  }

  override async connect(...[req, opts]: ConnectArgs) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.connectMs);
    this.connecting.add(controller);
    // The agent opens its socket to the proxy from `connectOpts` synchronously, first thing: the signal given
    // there destroys that socket when aborted (net.Socket's `signal`).
    const shared = this.connectOpts;
    this.connectOpts = { ...shared, signal: controller.signal } as typeof shared;
    let connecting: ReturnType<HttpsProxyAgent<string>['connect']>;
    try {
      connecting = super.connect(req, opts);
    } finally {
      this.connectOpts = shared;
    }
    try {
      return await connecting;
    } finally {
      clearTimeout(timer);
      this.connecting.delete(controller);
    }
  }

  override destroy() {
    for (const controller of this.connecting) controller.abort();
    super.destroy();
  }
}
