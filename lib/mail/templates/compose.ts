import { bodyText, headerText } from '../header-text';
import type { MailContext } from '../mail-context';
import type { MailAddress } from '../mailbox';
import { messageIdFor } from '../message-id';
import { RenderedMessage, type MailKind } from '../rendered-message';
import type { Block } from './blocks';
import { renderHtml } from './render-html';
import { renderText } from './render-text';

/** What a template decides; everything shared (sender, ids, layout, footer, cleaning) is done here once. */
export interface MessageDraft {
  kind: MailKind;
  /** One recipient, or several (a staff notice to the owner and the admins). */
  to: MailAddress | MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  /** The line mail clients show after the subject in the inbox list. */
  preheader: string;
  greeting: string;
  blocks: Block[];
  calendar?: RenderedMessage['calendar'];
}

/**
 * Visitor text may hold any character. Only quotes keep their line breaks; everywhere else a name typed with
 * CR/LF stays on its line, so nothing a visitor types can start a line of its own outside a quotation.
 */
function cleanBlock(block: Block): Block {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return { ...block, text: headerText(block.text, Infinity) };
    case 'facts':
      return { ...block, rows: block.rows.map((row) => ({ ...row, label: headerText(row.label), value: headerText(row.value, 1000) })) };
    case 'action':
      return { ...block, label: headerText(block.label) };
    case 'quote':
      return { ...block, label: headerText(block.label), text: bodyText(block.text).trim() };
    case 'list':
      return { ...block, items: block.items.map((item) => headerText(item, Infinity)) };
  }
}

export function composeMessage(draft: MessageDraft, context: MailContext): RenderedMessage {
  const subject = headerText(draft.subject, 300);
  const preheader = headerText(draft.preheader, 300);
  // Greetings hold the visitor's name: one line, whatever they typed.
  const greeting = headerText(draft.greeting);
  const blocks = draft.blocks.map(cleanBlock);
  const message: RenderedMessage = {
    kind: draft.kind,
    messageId: messageIdFor(context.outboxId, context.siteUrl),
    from: context.from,
    to: Array.isArray(draft.to) ? draft.to : [draft.to],
    ...(draft.replyTo ? { replyTo: draft.replyTo } : {}),
    subject,
    text: renderText({ greeting, blocks, firm: context.firm }),
    html: renderHtml({ subject, preheader, greeting, blocks, firm: context.firm }),
    ...(draft.calendar ? { calendar: draft.calendar } : {}),
  };
  // Templates are code, but the outbox stores their output for later: check it has the stored shape now,
  // inside the transaction, rather than at delivery.
  return RenderedMessage.parse(message);
}

/** Absolute link to a path of the site; path segments taken from data are encoded. */
export function siteLink(context: MailContext, ...segments: string[]): string {
  return `${context.siteUrl}/${segments.map((segment, i) => (i === 0 ? segment : encodeURIComponent(segment))).join('/')}`;
}
