import { escapeHtml } from '@mealprep/contracts';
import type { MailDraft, MailMessage } from './mailer';

/** Tells an owner their listing went live, or was not approved (with the reason when one was given). */
export function statusMail(to: string, listing: { name: string; status: 'published' | 'rejected'; reason: string | null; publicUrl: string; editUrl: string }): MailDraft {
  return (site) => {
    const published = listing.status === 'published';
    const subject = published ? `${listing.name} is now listed on ${site.siteName}` : `${listing.name} was not approved for ${site.siteName}`;
    const lines = published
      ? [`Good news: ${listing.name} is now live on ${site.siteName}.`, '', `See it here: ${listing.publicUrl}`, `Keep it up to date: ${listing.editUrl}`]
      : [
          `We reviewed ${listing.name} and could not approve it for ${site.siteName}.`,
          ...(listing.reason ? ['', `Reason: ${listing.reason}`] : []),
          '',
          `If you think this is a mistake, reply to this e-mail. Your listing: ${listing.editUrl}`,
        ];
    return plainMail(to, subject, lines);
  };
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
