import { ServiceInsertSchema, type EditableService, type Identity } from '@mealprep/contracts';

/** What a person answers in the listing's form (their name among it), and when they accepted the terms: theirs, not the next owner's. */
export const OWNER_ANSWER_KEYS: ReadonlySet<string> = new Set([...Object.keys(ServiceInsertSchema.shape.metadata.shape), 'termsAcceptedAt']);

/** The listing's first owner: the one a claim first took it from, else its owner (null: imported, and nobody's until claimed). */
const firstOwnerOf = (service: EditableService): string | null => (service.ownershipHistory.length > 0 ? service.ownershipHistory[0]!.fromOwnerUserId : service.ownerUserId);

/**
 * Who gave the answers of the listing's form: the person who made it (and was its first owner);
 * null for an imported listing, whose metadata is the import's.
 */
function answeredBy(service: EditableService): string | null {
  const first = firstOwnerOf(service);
  return first !== null && service.statusHistory.some((h) => h.from === null && h.byUserId === first) ? first : null;
}

/** Everyone who has owned the listing, by its trails: its first owner, each owner a claim found or gave it to, and its owner now. */
function ownersOf(service: EditableService): Set<string> {
  const owners = new Set<string>();
  const first = firstOwnerOf(service);
  if (first) owners.add(first);
  for (const change of service.ownershipHistory) {
    if (change.fromOwnerUserId) owners.add(change.fromOwnerUserId);
    if (change.toOwnerUserId && change.action !== 'rejected') owners.add(change.toOwnerUserId);
  }
  if (service.ownerUserId) owners.add(service.ownerUserId);
  return owners;
}

/**
 * The listing as its owner (not an admin) may see it. What it carries about the people who owned it
 * before is not handed to them: another owner's answers in the form (name, years in business, how
 * they found us…, and when they accepted the terms) are left out, and in the status trail another
 * person's change says only whether it was made by a previous owner or by an admin (not who). The
 * ownership trail shows how they came to own it, without who on the staff decided, who owned it
 * before nor who else asked. The review trail (who reported what, and staff's steps) is staff's. Nothing is deleted: admins see all of it (the whole truth).
 * Which other listings it may repeat is not shown either (they may be other owners' drafts).
 */
export function ownerView(identity: Identity, service: EditableService): EditableService {
  const owners = ownersOf(service);
  const answerer = answeredBy(service);
  const metadata = answerer === null || answerer === identity.userId ? service.metadata : Object.fromEntries(Object.entries(service.metadata).filter(([key]) => !OWNER_ANSWER_KEYS.has(key)));
  return {
    ...service,
    metadata,
    statusHistory: service.statusHistory.map((change) => {
      if (change.byUserId === identity.userId) return change;
      const byPreviousOwner = change.byUserId !== null && owners.has(change.byUserId);
      return { ...change, byUserId: null, byEmail: null, byAdmin: change.byUserId !== null && !byPreviousOwner, byPreviousOwner };
    }),
    possibleDuplicateOf: [],
    ownershipHistory: service.ownershipHistory
      .filter((h) => h.toOwnerUserId === identity.userId && h.action !== 'rejected')
      .map((h) => ({ ...h, byEmail: null, fromOwnerUserId: h.fromOwnerUserId === identity.userId ? h.fromOwnerUserId : null })),
    reviewTrail: [],
  };
}
