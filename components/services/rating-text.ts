const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "4.5 out of 5": ratings are read as text, never only as stars. */
export function outOfFive(rating: number): string {
  return `${oneDecimal.format(rating)} out of 5`;
}
