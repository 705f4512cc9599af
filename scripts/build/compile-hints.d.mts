export const COMPILE_HINT: string;
export function firstLoadChunks(nextDir: string): string[];
export function addCompileHints(nextDir: string): string[];
