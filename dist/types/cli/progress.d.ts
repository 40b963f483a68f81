export interface Progress {
    update(done: number, total: number): void;
    done(): void;
}
export declare function createProgress(stream?: NodeJS.WriteStream, label?: string): Progress;
