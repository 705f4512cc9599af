export function cpuMilliseconds(pid: number): number | null;
