/** CALENDAR_SECRET_KEY: 32 bytes in base64 (standard or URL-safe alphabet, padding optional). */
export function calendarKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

export function isCalendarKey(value: string): boolean {
  return calendarKeyBytes(value) !== null;
}
