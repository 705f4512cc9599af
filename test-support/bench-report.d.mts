export function percentile(values: number[], p: number): number;
export function printTable(header: (string | number)[], rows: (string | number)[][]): void;
