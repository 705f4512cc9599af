/** `YYYY-MM-DD` of a UTC-stored calendar date (testimonial dates, publication dates). */
export function isoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

export function isoDateTime(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}
