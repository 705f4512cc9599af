export function residentBytes(pid: number): number | null;
export function findProcessNamed(pid: number, name: string): number | null;
