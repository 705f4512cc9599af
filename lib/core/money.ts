/** Prices are stored in integer minor units; the contract shows major units. */
export function minorToMajor(minor: number): number {
  return minor / 100;
}

export function majorToMinor(major: number): number {
  return Math.round(major * 100);
}
