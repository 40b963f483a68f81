export type ArtifactResult = {
    status: 'uploaded';
    id: number;
    size: number;
} | {
    status: 'skipped';
    reason: string;
};
export interface ArtifactDeps {
    env: NodeJS.ProcessEnv;
    upload: (name: string, files: string[], rootDirectory: string, env: NodeJS.ProcessEnv) => Promise<{
        id?: number | undefined;
        size?: number | undefined;
    }>;
}
export declare function artifactSkipReason(env: NodeJS.ProcessEnv): string | undefined;
/** Uploads `files` (absolute paths, all in one directory) as artifact `name`. */
export declare function uploadDigestArtifact(name: string, files: string[], deps?: ArtifactDeps): Promise<ArtifactResult>;
