export declare function pytestCommand(args: readonly string[]): string | undefined;
