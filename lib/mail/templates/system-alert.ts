import type { MailContext } from '../mail-context';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import { composeMessage, siteLink } from './compose';
import { longTime } from './mail-time';

export interface SystemAlertMailData {
  /** The health check that failed, as /v1/health names it: jobRunner, jobQueue, unseenFailures, mail. */
  check: string;
  /** What failed, in a sentence. */
  summary: string;
  /** When the problem began, and how many (jobs waiting, failures, messages). */
  since: string;
  count: number;
  /** When the problem cleared (the all-clear only). */
  clearedAt?: string;
}

/** A problem of the running site, to ALERT_EMAIL: once when it starts, with what, since when, how many and where to look. */
export function systemAlert(alert: SystemAlertMailData, context: MailContext): RenderedMessage {
  return composeMessage(
    {
      kind: 'system-alert',
      to: context.alertInbox,
      subject: `[ALERT] ${context.firm.name} site: ${alert.summary}`,
      preheader: `Since ${longTime(alert.since, context.timeZone)}`,
      greeting: 'The site needs attention.',
      blocks: [
        { type: 'paragraph', text: alert.summary },
        facts([
          { label: 'Check', value: alert.check },
          { label: 'Since', value: longTime(alert.since, context.timeZone) },
          { label: 'How many', value: String(alert.count) },
        ]),
        { type: 'paragraph', text: 'One message per problem: another follows when it clears.' },
        { type: 'action', label: 'Open the system page', href: siteLink(context, 'staff/system') },
      ],
    },
    context,
  );
}

/** The all-clear of a `systemAlert`: the check passes again. */
export function systemAlertCleared(alert: SystemAlertMailData & { clearedAt: string }, context: MailContext): RenderedMessage {
  return composeMessage(
    {
      kind: 'system-alert-cleared',
      to: context.alertInbox,
      subject: `[RESOLVED] ${context.firm.name} site: ${alert.summary}`,
      preheader: `Cleared ${longTime(alert.clearedAt, context.timeZone)}`,
      greeting: 'A problem of the site has cleared.',
      blocks: [
        { type: 'paragraph', text: `Resolved: ${alert.summary}` },
        facts([
          { label: 'Check', value: alert.check },
          { label: 'Since', value: longTime(alert.since, context.timeZone) },
          { label: 'Cleared', value: longTime(alert.clearedAt, context.timeZone) },
        ]),
        { type: 'action', label: 'Open the system page', href: siteLink(context, 'staff/system') },
      ],
    },
    context,
  );
}
