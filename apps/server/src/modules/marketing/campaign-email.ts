import { sanitizeHtml } from './sanitize-html';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface CampaignEmailInput {
  subject: string;
  preheader: string;
  bodyHtml: string;
  /** The recipient's own link; the preview shows an example. */
  unsubscribeUrl: string;
  /** Our address, so /media/ images and links work in a mail client. */
  publicUrl: string;
  productName: string;
}

/**
 * The email as a recipient gets it: the body sanitised once more (a row saved under an older rule is
 * cleaned too), our /media/ paths made absolute, the preheader as the hidden first line inbox previews show,
 * and a footer with the unsubscribe link. Used for the send, the test send and the preview alike.
 */
export function renderCampaignEmail(input: CampaignEmailInput): { html: string; text: string } {
  const body = sanitizeHtml(input.bodyHtml).replace(
    /(src|href)="\/media\//g,
    `$1="${input.publicUrl}/media/`,
  );
  const unsubscribe = escapeHtml(input.unsubscribeUrl);
  const preheader = input.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(input.preheader)}</div>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#222;background:#f6f7f9">
${preheader}<div style="max-width:640px;margin:0 auto;background:#fff;padding:24px;border-radius:6px">
${body}
</div>
<p style="max-width:640px;margin:16px auto 0;font-size:12px;color:#777">You receive this email as a merchant of ${escapeHtml(input.productName)}. <a href="${unsubscribe}">Unsubscribe</a> from these emails.</p>
</body></html>`;
  return { html, text: htmlText(body, input) };
}

function htmlText(body: string, input: CampaignEmailInput): string {
  const text = body
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|div)>/gi, '\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${input.preheader ? `${input.preheader}\n\n` : ''}${text}\n\n--\nUnsubscribe: ${input.unsubscribeUrl}\n`;
}
