import { escapeHtml, LOGIN_TOKEN_TTL_MINUTES } from '@mealprep/contracts';
import type { MailDraft } from './mailer';

/** The sign-in e-mail: the link and the code, in plain text and in HTML. */
export function signInMail(to: string, link: string, code: string): MailDraft {
  return (site) => {
    const subject = `Your sign-in link for ${site.siteName}`;
    const text = [
      `Sign in to ${site.siteName}`,
      '',
      'Open this link to sign in:',
      link,
      '',
      `Or enter this code on the sign-in page: ${code}`,
      '',
      `The link and the code work once and expire in ${LOGIN_TOKEN_TTL_MINUTES} minutes.`,
      'If you did not ask to sign in, you can ignore this e-mail.',
    ].join('\n');
    const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px">Sign in to ${escapeHtml(site.siteName)}</h1>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#15803d;color:#fff;text-decoration:none;border-radius:6px">Sign in</a></p>
<p>Or enter this code on the sign-in page:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p style="color:#555">The link and the code work once and expire in ${LOGIN_TOKEN_TTL_MINUTES} minutes. If you did not ask to sign in, you can ignore this e-mail.</p>
</body></html>`;
    return { to, subject, text, html, logFields: { link, code } };
  };
}
