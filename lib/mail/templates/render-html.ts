import type { FirmBranding } from '../mail-context';
import type { Block } from './blocks';
import { html, multiline, type SafeHtml } from './html';

// Mail clients drop <style> blocks and CSS variables, so the site's tokens are written out inline.
const INK = '#14213d';
const MUTED = '#4a5568';
const PAPER = '#fbfaf7';
const LINE = '#dcd8cf';
const ACCENT = '#9a3412';
const SANS = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF = "Georgia, Cambria, 'Times New Roman', serif";

/** Only web and mail links become links; anything else (a javascript: URL in bad data) stays visible text. */
function linkable(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href);
}

const P = `margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:1.55;color:${INK};`;

function renderBlock(block: Block): SafeHtml {
  switch (block.type) {
    case 'paragraph':
      return html`<p style="${P}">${block.text}</p>`;
    case 'heading':
      return html`<h2 style="margin:24px 0 8px;font-family:${SERIF};font-size:18px;font-weight:normal;color:${INK};">${block.text}</h2>`;
    case 'facts':
      return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;width:100%;">${block.rows.map(
        (row) =>
          html`<tr><td style="padding:6px 16px 6px 0;vertical-align:top;font-family:${SANS};font-size:14px;color:${MUTED};white-space:nowrap;">${row.label}</td><td style="padding:6px 0;vertical-align:top;font-family:${SANS};font-size:16px;color:${INK};">${
            row.href && linkable(row.href) ? html`<a href="${row.href}" style="color:${ACCENT};">${row.value}</a>` : row.value
          }</td></tr>`,
      )}</table>`;
    case 'action':
      if (!linkable(block.href)) return html`<p style="${P}">${block.label}: ${block.href}</p>`;
      return html`<p style="margin:8px 0 24px;"><a href="${block.href}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;font-family:${SANS};font-size:16px;font-weight:bold;text-decoration:none;border-radius:4px;">${block.label}</a></p><p style="margin:-16px 0 24px;font-family:${SANS};font-size:13px;color:${MUTED};word-break:break-all;">${block.href}</p>`;
    case 'quote':
      return html`<p style="margin:0 0 6px;font-family:${SANS};font-size:14px;color:${MUTED};">${block.label}</p><blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid ${LINE};font-family:${SANS};font-size:15px;line-height:1.5;color:${INK};">${multiline(block.text)}</blockquote>`;
    case 'list':
      return html`<ul style="margin:0 0 16px;padding-left:22px;">${block.items.map((item) => html`<li style="margin:0 0 6px;font-family:${SANS};font-size:16px;line-height:1.5;color:${INK};">${item}</li>`)}</ul>`;
  }
}

function footer(firm: FirmBranding): SafeHtml {
  const contact = [firm.phone, firm.website].filter(Boolean) as string[];
  return html`<strong style="color:${INK};">${firm.name}</strong><br>${firm.headquarters}<br>${contact.map((item, i) => html`${i > 0 ? ' · ' : ''}${item.startsWith('http') ? html`<a href="${item}" style="color:${MUTED};">${item.replace(/^https?:\/\//, '')}</a>` : item}`)}<br><a href="mailto:${firm.email}" style="color:${MUTED};">${firm.email}</a>`;
}

/** The whole HTML document: a centred 600px card on the site's paper colour, the firm's name on top, its address below. */
export function renderHtml({
  subject,
  preheader,
  greeting,
  blocks,
  firm,
}: {
  subject: string;
  preheader: string;
  greeting: string;
  blocks: Block[];
  firm: FirmBranding;
}): string {
  const visible = blocks.filter((b) => b.type !== 'facts' || b.rows.length > 0);
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:${PAPER};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAPER};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:6px;">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${ACCENT};font-family:${SERIF};font-size:22px;color:${INK};">${firm.name}</td></tr>
<tr><td style="padding:28px 28px 12px;">
<p style="${P}">${greeting}</p>
${visible.map((block) => html`${renderBlock(block)}\n`)}</td></tr>
<tr><td style="padding:18px 28px;border-top:1px solid ${LINE};font-family:${SANS};font-size:13px;line-height:1.6;color:${MUTED};">${footer(firm)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.markup;
}
