/**
 * The folder of the package a file under node_modules belongs to (`node_modules/@scope/name`,
 * `node_modules/a/node_modules/b`), or null for a file outside node_modules.
 */
export function packageRootOf(file) {
  const parts = file.split('/');
  let end = -1;
  for (let index = 0; index < parts.length - 1; index += 1) {
    if (parts[index] !== 'node_modules') continue;
    end = parts[index + 1]?.startsWith('@') ? index + 2 : index + 1;
    index = end;
  }
  return end < 0 ? null : parts.slice(0, end + 1).join('/');
}
