import type { MailContext } from '../mail-context';
import type { RenderedMessage } from '../rendered-message';
import { composeMessage, siteLink } from './compose';

export interface ReportFailedMailData {
  reportToken: string;
  serviceName: string;
  /** The sentence the buyer reads on the report page. */
  failureReason: string;
  buyerEmail?: string | null;
}

/** To the firm's inbox: a paid report could not be produced, so someone must look, and either run it again or refund. */
export function reportFailedNotice(report: ReportFailedMailData, context: MailContext): RenderedMessage {
  return composeMessage(
    {
      kind: 'report-failed-notice',
      to: context.firmInbox,
      subject: `[REPORT FAILED] ${report.serviceName}: a paid report could not be produced`,
      preheader: report.failureReason,
      greeting: 'A paid report failed.',
      blocks: [
        { type: 'paragraph', text: `The ${report.serviceName} could not be produced. The buyer sees this on the report page:` },
        { type: 'quote', label: 'Failure reason', text: report.failureReason },
        {
          type: 'paragraph',
          text: report.buyerEmail
            ? `The buyer left ${report.buyerEmail} for the receipt. Run the audit again once the cause is fixed, or write to them and refund.`
            : 'The buyer left no email address. Run the audit again once the cause is fixed; the report page shows the result.',
        },
        { type: 'action', label: 'Open it in the staff area', href: siteLink(context, 'staff/reports', report.reportToken) },
      ],
    },
    context,
  );
}
