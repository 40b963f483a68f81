export declare const PHASES: readonly ["scan", "parse", "resolve", "review", "pack", "render"];
export type ProgressPhase = (typeof PHASES)[number];
export interface Progress {
    phase(name: ProgressPhase): void;
    /** Files parsed so far out of the total found; moves the phase to parse, then to resolve at the end. */
    update(done: number, total: number): void;
    /** Files the resolver has worked through, out of all: the resolve phase keeps moving. */
    resolving(done: number, total: number): void;
    /** Python files found so far by the scan (its total is not known until it ends: no percentage). */
    found(count: number): void;
    /** Steps of a later phase done out of its total (`what`: "steps", "layouts packed"). */
    step(phase: ProgressPhase, done: number, total: number, what: string): void;
    /** Erases the line if one was drawn; call before printing anything else. */
    done(): void;
}
export interface ProgressStream {
    isTTY?: boolean;
    write(text: string): unknown;
}
export interface ProgressDeps {
    stream: ProgressStream;
    env: Record<string, string | undefined>;
    now: () => number;
}
export interface ProgressOptions {
    quiet?: boolean;
}
/** True when a progress line may be drawn at all (the time condition aside). */
export declare function progressAllowed(options: ProgressOptions, deps: Pick<ProgressDeps, 'stream' | 'env'>): boolean;
export declare function createProgress(options?: ProgressOptions, deps?: ProgressDeps): Progress;
