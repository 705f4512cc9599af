import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every package folder under `dir`/node_modules, nested ones too, as paths relative to `dir`. */
export function packagesIn(dir, under = 'node_modules') {
  const folder = path.join(dir, under);
  if (!existsSync(folder)) return [];
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? readdirSync(path.join(folder, entry.name), { withFileTypes: true })
          .filter((inner) => inner.isDirectory())
          .map((inner) => `${entry.name}/${inner.name}`)
      : [entry.name];
    for (const name of names) {
      const relative = `${under}/${name}`;
      if (!existsSync(path.join(dir, relative, 'package.json'))) continue;
      found.push(relative, ...packagesIn(dir, `${relative}/node_modules`));
    }
  }
  return found;
}

/**
 * The packages of a release that the project's lockfile marks as installed for development only (`"dev": true`, or
 * `"devOptional": true`: a devDependency or an optional peer of one), or does not know at all: none may be there. The lockfile says it for each install path, so a package that is both a
 * dependency and a devDependency of something counts as a dependency.
 */
export function devOnlyPackages(releaseDir, lockfile) {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')).packages;
  return packagesIn(releaseDir)
    .filter((relative) => !lock[relative] || lock[relative].dev === true || lock[relative].devOptional === true)
    .map((relative) => (lock[relative] ? relative : `${relative} (not in package-lock.json)`));
}
