import type { MailDraft } from './mailer';
import { plainMail } from './status-mail';

const stars = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/** Tells an owner a review of their listing is shown (the rating, and where to read and answer it). */
export function newReviewMail(to: string, review: { name: string; rating: number; publicUrl: string }): MailDraft {
  return (site) => {
    return plainMail(to, `A new review of ${review.name}: ${stars(review.rating)}`, [
      `Someone reviewed ${review.name} on ${site.siteName} and gave it ${stars(review.rating)}.`,
      '',
      `Read it, and reply once in public if you wish: ${review.publicUrl}#reviews`,
      '',
      'If a review breaks our rules, report it from the page and our team will look at it.',
    ]);
  };
}

/** Tells a reviewer how our team decided their review: published, not published (they may edit it), or removed, with the reason. */
export function reviewDecisionMail(to: string, review: { name: string; outcome: 'approved' | 'rejected' | 'removed'; reason: string | null; publicUrl: string }): MailDraft {
  return (site) => {
    if (review.outcome === 'approved') {
      return plainMail(to, `Your review of ${review.name} is published`, [`Our team looked at your review of ${review.name} and published it.`, '', `See it here: ${review.publicUrl}#reviews`]);
    }
    const why = review.reason ? ['', `Reason: ${review.reason}`] : [];
    if (review.outcome === 'rejected') {
      return plainMail(to, `Your review of ${review.name} was not published`, [
        `Our team looked at your review of ${review.name} on ${site.siteName} and did not publish it.`,
        ...why,
        '',
        `You can edit it and send it again: ${review.publicUrl}#reviews`,
      ]);
    }
    return plainMail(to, `Your review of ${review.name} was removed`, [`Our team removed your review of ${review.name} on ${site.siteName}.`, ...why]);
  };
}

/** Tells an owner our team took their reply to a review down, with the reason. */
export function replyRemovedMail(to: string, reply: { name: string; reason: string | null; publicUrl: string }): MailDraft {
  return (site) => {
    const why = reply.reason ? ['', `Reason: ${reply.reason}`] : [];
    return plainMail(to, `Your reply to a review of ${reply.name} was taken down`, [
      `Our team took down your reply to a review of ${reply.name} on ${site.siteName}.`,
      ...why,
      '',
      `The review: ${reply.publicUrl}#reviews`,
    ]);
  };
}
