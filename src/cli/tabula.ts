/** The `tabula` executable: bin/tabula.js loads this, and built-in bots run in their own process through it. */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
