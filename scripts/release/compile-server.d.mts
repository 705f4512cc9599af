import type { Metafile } from 'esbuild';

/** Compiles the server entry points to `outdir` (dist/ by default) and returns esbuild's metafile. */
export function compileServer(options?: { outdir?: string }): Promise<Metafile>;
export const INPUTS_FILE: string;
export function fingerprint(file: string): string;
