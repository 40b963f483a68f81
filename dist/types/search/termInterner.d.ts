/** Interns lowercased token spans to dense integer ids without creating strings for known terms. */
export declare class TermInterner {
    terms: string[];
    private hashes;
    private slots;
    private mask;
    intern(text: string, start: number, end: number): number;
    private same;
    private rehash;
}
