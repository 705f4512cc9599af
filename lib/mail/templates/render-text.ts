import type { FirmBranding } from '../mail-context';
import type { Block } from './blocks';

function renderBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return block.text.toUpperCase();
    case 'facts': {
      const width = Math.max(...block.rows.map((row) => row.label.length)) + 2;
      return block.rows.map((row) => `${`${row.label}:`.padEnd(width)}${row.value}${row.href && row.href !== row.value ? ` <${row.href}>` : ''}`).join('\n');
    }
    case 'action':
      return `${block.label}:\n${block.href}`;
    case 'quote':
      return `${block.label}:\n${block.text
        .split('\n')
        .map((line) => `> ${line}`.trimEnd())
        .join('\n')}`;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
  }
}

/** The signature: "-- " is the delimiter mail clients recognise and fold away. */
export function textFooter(firm: FirmBranding): string {
  return ['-- ', firm.name, firm.headquarters, [firm.phone, firm.website].filter(Boolean).join(' · '), firm.email].filter(Boolean).join('\n');
}

export function renderText({ greeting, blocks, firm }: { greeting: string; blocks: Block[]; firm: FirmBranding }): string {
  return [greeting, ...blocks.filter((b) => b.type !== 'facts' || b.rows.length > 0).map(renderBlock), textFooter(firm)].join('\n\n') + '\n';
}
