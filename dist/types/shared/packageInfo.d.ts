export declare const packageVersion: string;
/** The version range package.json gives for a dependency ('' when it is not one). */
export declare function dependencyVersion(name: string): string;
