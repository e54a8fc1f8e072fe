import type { MailDraft } from './mailer';
import { plainMail } from './status-mail';

/** Tells an owner our team removed a photo of their listing, with the reason. */
export function photoRemovedMail(to: string, photo: { name: string; reason: string; editUrl: string; publicUrl: string }): MailDraft {
  return (site) =>
    plainMail(to, `A photo of ${photo.name} was removed`, [
      `Our team removed a photo from ${photo.name} on ${site.siteName}.`,
      '',
      `Reason: ${photo.reason}`,
      '',
      `Your listing: ${photo.publicUrl}`,
      `Add other photos: ${photo.editUrl}`,
    ]);
}
