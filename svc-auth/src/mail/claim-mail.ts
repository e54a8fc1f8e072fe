import type { MailDraft } from './mailer';
import { plainMail } from './status-mail';

export interface ClaimOutcome {
  name: string;
  outcome: 'granted' | 'approved' | 'rejected';
  reason: string | null;
  publicUrl: string;
  editUrl: string;
}

/** Tells a claimant their claim of a listing was granted (at once, or by our team) or rejected, with the reason. */
export function claimMail(to: string, claim: ClaimOutcome): MailDraft {
  return (site) => {
    if (claim.outcome === 'rejected') {
      return plainMail(to, `Your claim of ${claim.name} was not approved`, [
        `We looked at your claim of ${claim.name} on ${site.siteName} and could not approve it.`,
        ...(claim.reason ? ['', `Reason: ${claim.reason}`] : []),
        '',
        `If you can show that you run the business, reply to this e-mail. The listing: ${claim.publicUrl}`,
      ]);
    }
    return plainMail(to, `You now manage ${claim.name} on ${site.siteName}`, [
      claim.outcome === 'granted' ? `Your claim of ${claim.name} was granted: ${claim.reason ?? ''}` : `We approved your claim of ${claim.name}.`,
      '',
      `Keep it up to date: ${claim.editUrl}`,
      `See it here: ${claim.publicUrl}`,
    ]);
  };
}

/** Tells an owner that our team gave their listing to someone else, after a dispute. */
export function reassignedMail(to: string, claim: Pick<ClaimOutcome, 'name' | 'reason' | 'publicUrl'>): MailDraft {
  return (site) => {
    return plainMail(to, `${claim.name} is now managed by someone else`, [
      `After a claim by another person, our team gave ${claim.name} on ${site.siteName} to them to manage.`,
      ...(claim.reason ? ['', `Reason: ${claim.reason}`] : []),
      '',
      `If you think this is a mistake, reply to this e-mail. The listing: ${claim.publicUrl}`,
    ]);
  };
}
