/**
 * The one loopback test: a host only this machine can reach — `localhost`, `::1` (bracketed or not, as URL.hostname
 * gives it) and all of 127.0.0.0/8 (RFC 1122 §3.2.1.3; a server may listen on 127.0.0.2). Used where plain http is
 * allowed (OAuth endpoints and redirects), where `serve --http` may run without a token, and for the Host check.
 */
export function isLoopback(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
