/** This Tabula's version, from its package.json: the referee's version that each replay records. */
import { readFileSync } from 'node:fs';

const manifest = new URL('../../../package.json', import.meta.url);

export const TABULA_VERSION: string = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
