import { starterSuite } from './support.js';

starterSuite('cpp');
