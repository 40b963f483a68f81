export declare function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string>, ...children: (Node | string)[]): HTMLElementTagNameMap[K];
export declare function byId<T extends HTMLElement = HTMLElement>(id: string): T;
