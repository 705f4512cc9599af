export const MALLOC_SETTINGS: { MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string };
export function withMallocSettings(command: string): string;
