import type { TokenCounter } from './tokens.js';
export interface Settled {
    text: string;
    used: number;
}
export declare function settleUsage(render: (used: number) => string, counter: TokenCounter, guess: number): Settled | undefined;
