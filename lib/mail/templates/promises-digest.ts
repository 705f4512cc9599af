import type { MailContext } from '../mail-context';
import type { MailAddress } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import type { Block } from './blocks';
import { facts } from './blocks';
import { composeMessage } from './compose';
import { shortTime } from './mail-time';

export interface PromisesDigestRow {
  /** "Inquiry replies" */
  label: string;
  made: number;
  keptOnTime: number;
  keptLate: number;
  missed: number;
}

export interface PromisesDigestMailData {
  /** The week, firm-local: "16 to 22 November 2026". */
  weekLabel: string;
  rows: PromisesDigestRow[];
  /** Kept on time of those whose outcome is known, 0 to 1; null when none fell due. */
  onTimeRate: number | null;
  worstMisses: Array<{ promise: string; person: string; dueAt: string; late: string; reason: string }>;
}

const percent = (rate: number | null) => (rate === null ? 'no promise fell due' : `${Math.round(rate * 100)}% on time`);

/** Monday morning, to the admins: last week's promises by kind, and the worst misses. */
export function promisesDigest(digest: PromisesDigestMailData, to: MailAddress[], context: MailContext): RenderedMessage {
  const total = digest.rows.reduce(
    (sum, row) => ({ made: sum.made + row.made, onTime: sum.onTime + row.keptOnTime, late: sum.late + row.keptLate, missed: sum.missed + row.missed }),
    { made: 0, onTime: 0, late: 0, missed: 0 },
  );
  const blocks: Block[] = [
    {
      type: 'paragraph',
      text: `Last week we made ${total.made} ${total.made === 1 ? 'promise' : 'promises'} with a time on them. Of those that fell due, ${total.onTime} kept on time, ${total.late} late and ${total.missed} missed.`,
    },
    { type: 'heading', text: 'By kind' },
    facts(
      digest.rows.map((row) => ({
        label: row.label,
        value: `${row.made} made, ${row.keptOnTime} kept on time, ${row.keptLate} kept late, ${row.missed} missed`,
      })),
    ),
  ];
  if (digest.worstMisses.length > 0) {
    blocks.push(
      { type: 'heading', text: 'The worst misses' },
      {
        type: 'list',
        items: digest.worstMisses.map(
          (miss) => `${miss.promise} (${miss.person}), due ${shortTime(miss.dueAt, context.timeZone)}: ${miss.late}. ${miss.reason}`,
        ),
      },
    );
  }
  blocks.push({ type: 'action', label: 'See every week on the promises page', href: `${context.siteUrl}/staff/promises` });
  return composeMessage(
    {
      kind: 'promises-digest',
      to,
      subject: `Promises kept, ${digest.weekLabel}: ${percent(digest.onTimeRate)}`,
      preheader: `${total.onTime} on time, ${total.late} late, ${total.missed} missed.`,
      greeting: `Promises kept, ${digest.weekLabel}.`,
      blocks,
    },
    context,
  );
}
