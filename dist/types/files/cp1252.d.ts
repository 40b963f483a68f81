/** Decode cp1252 bytes; `valid` is false when an undefined byte was replaced with U+FFFD. */
export declare function decodeCp1252(bytes: Uint8Array): {
    text: string;
    valid: boolean;
};
