export const LAYERS: string[];
export const SCOPE: string[];
export function folderEdges(scope?: string[]): Promise<Map<string, number>>;
export function problemsOf(edges: Map<string, number>): { upward: string[]; circles: string[] };
