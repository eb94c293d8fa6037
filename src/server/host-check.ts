/**
 * DNS rebinding: a page on another site may resolve its own name to this machine and talk to the
 * server as if it were the same site. The server answers only requests whose Host header names it,
 * and takes WebSockets and posts only from pages whose Origin is its own.
 *
 * A request without an Origin header is refused too. Browsers send one on every WebSocket upgrade
 * and every POST, so such a request comes from a program, not a page; that program could as well
 * send this server's own Origin, so refusing it protects nothing by itself, but it keeps the rule
 * one rule ("only requests that say they come from this server's pages") and fails closed should
 * some browser or extension ever leave the header out. A script adds `Origin: http://<host>:<port>`.
 */
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];
const WILDCARD = ['0.0.0.0', '::', ''];

/** The names by which clients reach a server listening on `host`: it, and the loopback names for a loopback host. */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = new Set<string>([host]);
  if (LOOPBACK.includes(host) || host.startsWith('127.')) for (const n of LOOPBACK) names.add(n);
  if (WILDCARD.includes(host)) {
    for (const n of LOOPBACK) names.add(n);
    names.add(hostname());
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.add(a.address);
  }
  // Browsers leave out the default port 80.
  return new Set([...names].flatMap((n) => (port === 80 ? [hostPort(n, port), bracketed(n)] : [hostPort(n, port)])));
}

const bracketed = (name: string): string => (name.includes(':') ? `[${name}]` : name);
const hostPort = (name: string, port: number): string => `${bracketed(name)}:${port}`;

/** Whether a request's Host header names this server (the port is required: browsers always send it here). */
export function hostAllowed(allowed: ReadonlySet<string>, host: string | undefined): boolean {
  return host !== undefined && allowed.has(host.toLowerCase());
}

/** Whether an Origin header names a page of this server; none does not (above). */
export function originAllowed(allowed: ReadonlySet<string>, origin: string | undefined): boolean {
  if (origin === undefined) return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && allowed.has(url.host);
  } catch {
    return false;
  }
}

/** Whether a listening address is reached only from this machine (a loopback address). */
export function isLoopback(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return v4.startsWith('127.') || address === '::1';
}
