interface Probe {
    ready: boolean;
    readyMs?: number;
    /** performance.now() at each boot step, for the bench. */
    marks: Record<string, number>;
    error?: string;
    state(): {
        selected: string | null;
        callers: string[];
        callees: string[];
        nodes: number;
        edges: number;
        expanded: string[];
    };
    position(id: string): {
        x: number;
        y: number;
    } | null;
}
declare global {
    interface Window {
        __repodigest: Probe;
    }
}
export {};
