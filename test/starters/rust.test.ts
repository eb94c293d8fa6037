import { starterSuite } from './support.js';

starterSuite('rust');
