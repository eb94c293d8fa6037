/** The run formats, by name: a new format is a file of this folder, listed here. */
import type { RunConfig } from '../run-config.js';
import type { FormatName, RunFormat } from './format.js';
import { gauntlet } from './gauntlet.js';
import { match } from './match.js';
import { roundRobin } from './round-robin.js';
import { swiss } from './swiss.js';

const FORMATS: { readonly [N in FormatName]: RunFormat } = {
  match: match as RunFormat,
  'round-robin': roundRobin as RunFormat,
  gauntlet: gauntlet as RunFormat,
  swiss: swiss as RunFormat,
};

export const formatNamed = (name: FormatName): RunFormat => FORMATS[name];

/** The format a stored run was played in. */
export const formatOf = (config: RunConfig): RunFormat => FORMATS[config.kind === 'match' ? 'match' : config.format];
