/** dist/<name>.mjs: a TypeScript entry point compiled by scripts/release/compile-server.mjs. */
export function compiledEntry(name: string): string;
/** In a checkout, compiles dist/ when the sources changed since it was compiled. */
export function compileInCheckout(): Promise<void>;
