export declare function viewerPageScript(): Promise<string>;
