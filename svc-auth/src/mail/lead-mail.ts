import { LEAD_ADDRESS_LINK_HOURS, LEAD_DIGEST_MESSAGE_CHARS, type EventPayload } from '@mealprep/contracts';
import type { MailDraft } from './mailer';
import { plainMail } from './status-mail';

type Received = EventPayload<'catalog.lead.received'>;
/** What the owner's mail needs of a request: it arrived, or staff let it through. */
type ForOwner = Pick<Received, 'serviceName' | 'request'>;

const FULFILMENT = { delivery: 'Delivery', pickup: 'Pickup', either: 'Delivery or pickup' } as const;

/** The request's answers, one line each, as the owner and the visitor read them. */
function details(lead: ForOwner): string[] {
  const { request } = lead;
  return [
    `Name: ${request.name}`,
    `E-mail: ${request.email}`,
    `ZIP code: ${request.zip}`,
    ...(request.mealTypes.length ? [`Meal types: ${request.mealTypes.join(', ')}`] : []),
    `Meals per week: ${request.mealsPerWeek}`,
    `Start: ${request.startDate}`,
    `${FULFILMENT[request.fulfilment]}`,
    '',
    request.message,
  ];
}

/** The request, to the listing's owner; replying answers the visitor (Reply-To), whose address the site never shows. */
export function ownerLeadMail(to: string, lead: ForOwner, inboxUrl: string): MailDraft {
  return (site) => ({
    ...plainMail(to, `Quote request for ${lead.serviceName} from ${lead.request.name}`, [
      `${lead.request.name} asked ${lead.serviceName} for a quote on ${site.siteName}. Reply to this e-mail to answer them.`,
      '',
      ...details(lead),
      '',
      `Your requests: ${inboxUrl}`,
    ]),
    replyTo: lead.request.email,
  });
}

/** The visitor's copy: what they sent, where it stands, and the link that deletes it. */
export function visitorCopyMail(lead: Received, listingUrl: string, deleteUrl: string): MailDraft {
  return (site) => {
    const standing = lead.held
      ? `Our team looks at it first; then it goes to ${lead.serviceName}.`
      : lead.ownerUserId === null
        ? `${lead.serviceName} has not claimed its listing on ${site.siteName} yet: we pass your request on when it does (we keep it 30 days).`
        : `${lead.serviceName} will answer you by e-mail.`;
    return plainMail(lead.request.email, `Your quote request to ${lead.serviceName}`, [
      `You asked ${lead.serviceName} for a quote on ${site.siteName}. ${standing}`,
      '',
      ...details(lead),
      '',
      `The listing: ${listingUrl}`,
      `To delete your request at once: ${deleteUrl}`,
      `We delete it ourselves 180 days after you sent it.`,
    ]);
  };
}

/**
 * To the public contact address of a listing nobody has claimed, when a request waits for it: claim
 * the listing to read it. At most one a week (the sender keys it so); one click unsubscribes.
 */
export function claimInvitationMail(to: string, lead: Pick<Received, 'serviceName'>, claimUrl: string, unsubscribeUrl: string): MailDraft {
  return (site) => ({
    ...plainMail(to, `A customer asked ${lead.serviceName} for a quote on ${site.siteName}`, [
      `A visitor to ${site.siteName} asked ${lead.serviceName} for a quote. The listing has not been claimed yet, so nobody can read it: claim the listing (free) and the requests waiting for it are yours to answer.`,
      '',
      `Claim your listing: ${claimUrl}`,
      `Requests wait 30 days for a claim, then they are deleted. We write at most once a week.`,
      '',
      `No more of these mails: ${unsubscribeUrl}`,
    ]),
    unsubscribeUrl,
  });
}

/** To an address an owner wants their quote requests at: the link that confirms it (nothing goes there before). */
export function leadAddressConfirmMail(to: string, signInAddress: string, confirmUrl: string): MailDraft {
  return (site) =>
    plainMail(to, `Confirm this address for quote requests on ${site.siteName}`, [
      `The account ${signInAddress} on ${site.siteName} asked to have its customers' quote requests sent to this address.`,
      '',
      `To confirm, open this link within ${LEAD_ADDRESS_LINK_HOURS} hours and press Confirm: ${confirmUrl}`,
      '',
      `If you did not expect this, ignore it: nothing is sent here unless the link is used.`,
    ]);
}

/** A day's quote requests in one mail (the owner chose a daily digest): each with its answers and a short quote of its message; the inbox has the rest. */
export function leadDigestMail(to: string, day: string, items: ReadonlyArray<ForOwner>, inboxUrl: string): MailDraft {
  const quoted = (message: string) => {
    if (message.length <= LEAD_DIGEST_MESSAGE_CHARS) return message;
    // Never half of a character written with two code units (an emoji).
    const end = /[\uD800-\uDBFF]/.test(message.charAt(LEAD_DIGEST_MESSAGE_CHARS - 1)) ? LEAD_DIGEST_MESSAGE_CHARS - 1 : LEAD_DIGEST_MESSAGE_CHARS;
    return `${message.slice(0, end)}…`;
  };
  return (site) =>
    plainMail(to, `${items.length} quote request${items.length === 1 ? '' : 's'} on ${site.siteName}, ${day}`, [
      `Your listings were sent ${items.length} quote request${items.length === 1 ? '' : 's'} on ${day} (UTC). Write to each visitor at the address given; every request is in your inbox too.`,
      ...items.flatMap((lead, i) => ['', `${i + 1}. ${lead.serviceName}`, ...details({ ...lead, request: { ...lead.request, message: quoted(lead.request.message) } })]),
      '',
      `Your requests: ${inboxUrl}`,
    ]);
}
