import { db } from '../../lib/db/client';
import { RenderedMessage } from '../../lib/mail/rendered-message';
import { calendarFacts } from '../calendar-facts';

/** The outbox messages about one record, oldest first, parsed: kind, recipients, text and the invite's facts. */
export async function storedMessages(about: { type: string; id: string }) {
  const rows = await db.outboxMessage.findMany({ where: { aboutType: about.type, aboutId: about.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map((row) => {
    const message = RenderedMessage.parse(row.message);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      recipients: row.recipients,
      message,
      calendar: message.calendar ? calendarFacts(message.calendar.ics) : null,
    };
  });
}
