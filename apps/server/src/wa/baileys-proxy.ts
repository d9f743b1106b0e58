/** How a session reaches WhatsApp through the proxy the account was given. */
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';

/** The agent for a stored proxy: an http(s) or socks5 URL, or a bare host:port read as HTTP. */
export function proxyAgent(proxy: string | null | undefined) {
  if (!proxy) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
  return /^socks/i.test(url) ? new SocksProxyAgent(url) : new HttpsProxyAgent(url);
}
