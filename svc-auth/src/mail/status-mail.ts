import { PRODUCT_NAME } from '@mealprep/contracts';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Tells an owner their listing went live, or was not approved (with the reason when one was given). */
export function statusMail(to: string, listing: { name: string; status: 'published' | 'rejected'; reason: string | null; publicUrl: string; editUrl: string }): MailMessage {
  const published = listing.status === 'published';
  const subject = published ? `${listing.name} is now listed on ${PRODUCT_NAME}` : `${listing.name} was not approved for ${PRODUCT_NAME}`;
  const lines = published
    ? [`Good news: ${listing.name} is now live on ${PRODUCT_NAME}.`, '', `See it here: ${listing.publicUrl}`, `Keep it up to date: ${listing.editUrl}`]
    : [
        `We reviewed ${listing.name} and could not approve it for ${PRODUCT_NAME}.`,
        ...(listing.reason ? ['', `Reason: ${listing.reason}`] : []),
        '',
        `If you think this is a mistake, reply to this e-mail. Your listing: ${listing.editUrl}`,
      ];
  return plainMail(to, subject, lines);
}

/** A mail of a few lines of plain text, and the same lines as HTML paragraphs (escaped). */
export function plainMail(to: string, subject: string, lines: readonly string[]): MailMessage {
  const text = lines.join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${lines
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`;
  return { to, subject, text, html };
}
