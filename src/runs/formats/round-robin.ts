/** A round-robin: every table of the run's bots, in every seat order, each round. */
import { tableFormat } from './tables.js';

export const roundRobin = tableFormat('round-robin', (sets) => sets);
