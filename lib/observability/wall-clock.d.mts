export function wallClockMs(): number;
export function wallClockIso(): string;
