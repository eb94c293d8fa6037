import { starterSuite } from './support.js';

starterSuite('python');
