import { config } from './config';
import { formatDateTime } from './format';

/**
 * A moment for staff and visitors in the firm's zone (FIRM_TIME_ZONE), named: "Nov 25, 2026, 4:00 PM GMT+1" when the
 * firm is in Berlin. For server-rendered pages; a client component is handed the zone as a prop instead.
 */
export function firmDateTime(moment: Date | string): string {
  return formatDateTime(typeof moment === 'string' ? moment : moment.toISOString(), config().FIRM_TIME_ZONE);
}
