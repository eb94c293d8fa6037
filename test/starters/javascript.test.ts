import { starterSuite } from './support.js';

starterSuite('javascript');
