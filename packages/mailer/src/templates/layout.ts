import type { RenderedEmail } from './types';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Only web links may become buttons; anything else (javascript:, data:) is dropped. */
export function safeLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface EmailContent {
  subject: string;
  greeting: string;
  /** Plain sentences; escaped for HTML here, so callers pass raw data. */
  paragraphs: string[];
  action?: { label: string; link?: string };
  otp?: string;
  footnote?: string;
}

const GREEN = '#2e7d32';

export function greeting(firstName: string | undefined): string {
  return firstName && firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
}

/** One branded layout for every template, with a plain-text twin. */
export function renderLayout(content: EmailContent): RenderedEmail {
  const link = safeLink(content.action?.link);
  const text: string[] = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action && link) text.push(`${content.action.label}: ${link}`, '');
  if (content.otp) text.push(`Your one-time code: ${content.otp}`, '');
  if (content.footnote) text.push(content.footnote, '');
  text.push('— The Tracemap team');

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#1f2933">${escapeHtml(p)}</p>`)
    .join('\n');
  const button =
    content.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:${GREEN};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:${GREEN};word-break:break-all">${escapeHtml(link)}</a></p>`
      : '';
  const otp = content.otp
    ? `<p style="margin:0 0 16px;font-size:15px;color:#1f2933">Your one-time code:</p><p style="margin:0 0 24px;font-size:28px;letter-spacing:6px;font-weight:700;color:#1f2933">${escapeHtml(content.otp)}</p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#52606d">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7f5;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:20px 32px;color:#ffffff;font-size:20px;font-weight:700">Tracemap</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:15px;color:#1f2933">${escapeHtml(content.greeting)}</p>
${paragraphs}
${button}
${otp}
${footnote}
<p style="margin:24px 0 0;font-size:15px;color:#1f2933">— The Tracemap team</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject: content.subject, text: text.join('\n'), html };
}
