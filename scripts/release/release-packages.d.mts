export function packagesIn(dir: string, under?: string): string[];
export function devOnlyPackages(releaseDir: string, lockfile: string): string[];
