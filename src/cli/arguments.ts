/** Parsers for option values, each naming the option it checks. */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { type Millis, millis } from '../core/units.js';
import { parseSprt, type SprtSettings } from '../runs/stats/sprt.js';

export function parseSeed(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 0xffffffff) {
    throw new InvalidArgumentError('a seed is an integer from 0 to 4294967295.');
  }
  return Number(value);
}

export function parseMillis(value: string): Millis {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0))
    throw new InvalidArgumentError('a time is a positive number of milliseconds.');
  return millis(n);
}

export function parseShare(value: string): number {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(n > 0 && n < 1))
    throw new InvalidArgumentError('a share is a number between 0 and 1.');
  return n;
}

export function parseCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive integer.');
  return Number(value);
}

/** `--option name=value`, repeatable: collects into one record. */
export function collectGameOption(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const match = /^([A-Za-z][\w-]*)=(.*)$/.exec(value);
  if (!match) throw new InvalidArgumentError('expected name=value.');
  return { ...previous, [match[1]!]: match[2]! };
}

export function parseSprtOption(value: string): SprtSettings {
  try {
    return parseSprt(value);
  } catch (err) {
    throw new InvalidArgumentError(`${(err as Error).message}.`);
  }
}

/** A file to be written later (a replay): checked now, so that a game is not played for nothing. */
export function parseOutputFile(value: string): string {
  const folder = dirname(value);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new InvalidArgumentError(`there is no directory ${folder}.`);
  if (existsSync(value) && statSync(value).isDirectory()) throw new InvalidArgumentError(`${value} is a directory.`);
  return value;
}

/**
 * A Redis URL, `redis://` or `rediss://` (TLS), or the path of a Unix socket (`/run/redis.sock`):
 * the client would take anything else for a socket's path, and wait for it in vain.
 */
export function parseRedisUrl(value: string): string {
  if (value.startsWith('/')) return value;
  const protocol = URL.canParse(value) ? new URL(value).protocol : '';
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw new InvalidArgumentError("a Redis URL is redis://HOST:PORT (rediss:// with TLS), or a Unix socket's path.");
  return value;
}

export function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535)
    throw new InvalidArgumentError('a port is 0 (any free one) to 65535.');
  return Number(value);
}

/** An integer of 0 or more. */
export function parseIndex(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected an integer of 0 or more.');
  return Number(value);
}
