/** How a session reaches WhatsApp through the proxy the account was given. */
import { SocksProxyAgent } from 'socks-proxy-agent';
import { BoundedProxyAgent } from './proxy-connects.ts';

/**
 * The agent for a stored proxy: an http(s) or socks5 URL, or a bare host:port read as HTTP. An HTTP proxy's
 * CONNECT is bounded and ends when the agent is destroyed (proxy-connects.ts).
 */
export function proxyAgent(proxy: string | null | undefined) {
  if (!proxy) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
  return /^socks/i.test(url) ? new SocksProxyAgent(url) : new BoundedProxyAgent(url);
}
