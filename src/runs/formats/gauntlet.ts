/** A gauntlet: the first bot against each table of the others, in every seat order, each round. */
import { tableFormat } from './tables.js';

export const gauntlet = tableFormat('gauntlet', (sets) => sets.filter((table) => table.includes(0)));
