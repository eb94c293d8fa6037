import { starterSuite } from './support.js';

starterSuite('java');
