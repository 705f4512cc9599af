import type { MailContext } from '../mail-context';
import { mailbox } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import type { Block } from './blocks';
import { composeMessage, siteLink } from './compose';

export interface ReportReadyMailData {
  to: { name?: string | null; email: string };
  reportToken: string;
  serviceName: string;
  /** Findings by severity, when the report has them. */
  findingCounts?: FindingCounts | null;
}

export interface FindingCounts {
  critical: number;
  major: number;
  minor: number;
  info: number;
}

const SEVERITY_WORDS: Record<keyof FindingCounts, string> = { critical: 'critical', major: 'major', minor: 'minor', info: 'for information' };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "The report has 7 findings: 1 critical, 3 major, 2 minor and 1 for information." */
export function findingsSummary(counts: FindingCounts): string {
  const severities = Object.keys(SEVERITY_WORDS) as (keyof FindingCounts)[];
  const total = severities.reduce((sum, severity) => sum + counts[severity], 0);
  if (total === 0) return 'We found nothing that needs fixing. The report lists what we checked, so you can see why.';
  const parts = severities.filter((severity) => counts[severity] > 0).map((severity) => `${counts[severity]} ${SEVERITY_WORDS[severity]}`);
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `The report has ${plural(total, 'finding')}: ${listed}. Each one says what we saw, why it matters and what to do about it.`;
}

/** To the buyer when a report becomes ready: the link, a one-line summary, and an invitation to talk it through. */
export function reportReady(report: ReportReadyMailData, context: MailContext): RenderedMessage {
  const blocks: Block[] = [{ type: 'paragraph', text: `Your ${report.serviceName} report is ready.` }];
  if (report.findingCounts) blocks.push({ type: 'paragraph', text: findingsSummary(report.findingCounts) });
  blocks.push(
    { type: 'action', label: 'Read your report', href: siteLink(context, 'reports', report.reportToken) },
    {
      type: 'paragraph',
      text: 'A report is only worth the changes it leads to. If you would like to go through it with one of us and decide which finding to act on first, book a consultation and bring the report along.',
    },
    { type: 'action', label: 'Book a consultation', href: siteLink(context, 'book') },
  );
  return composeMessage(
    {
      kind: 'report-ready',
      to: mailbox(report.to.name, report.to.email),
      replyTo: context.firmInbox,
      subject: `Your ${report.serviceName} report is ready`,
      preheader: report.findingCounts ? findingsSummary(report.findingCounts) : 'Read it now.',
      greeting: report.to.name ? `Hello ${report.to.name},` : 'Hello,',
      blocks,
    },
    context,
  );
}
