import { starterSuite } from './support.js';

starterSuite('go');
