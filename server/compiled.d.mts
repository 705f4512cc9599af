/** dist/<name>.mjs: a TypeScript entry point compiled by scripts/release/compile-server.mjs. */
export function compiledEntry(name: string): string;
/** Whether this is a checkout (a release folder's package.json names its release). */
export function isCheckout(): boolean;
/** In a checkout, compiles dist/ when the sources changed since it was compiled. */
export function compileInCheckout(): Promise<void>;
