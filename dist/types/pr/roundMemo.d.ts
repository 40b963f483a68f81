import type { PrSetup } from './setup.js';
/** `setup` with git and extraction answered once per distinct question. */
export declare function memoisedRounds(setup: PrSetup): PrSetup;
