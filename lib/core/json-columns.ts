/** Json columns hold plain string arrays; anything else in them is a data bug, so fail loudly. */
export function stringArray(value: unknown, column: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`Column ${column} should hold an array of strings`);
  }
  return value as string[];
}
