/** Money for people: "$1,450.00". */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

/**
 * A moment for people in `timeZone`, named: "Nov 25, 2026, 10:00 AM EST". The zone has no default, so every page
 * says which it means (usually the firm's, FIRM_TIME_ZONE) and none falls back to New York unasked.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A file's size for people: "640 KB" under a megabyte, else "15 MB", "1.5 MB" (1,024-based, as file managers show it). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
