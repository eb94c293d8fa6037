import { starterSuite } from './support.js';

starterSuite('typescript');
