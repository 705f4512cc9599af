export declare const SERVER_ENTRY_POINTS: Record<string, string>;
