import { Schema, type Connection } from 'mongoose';
import { DEFAULT_DELIVERY_RADIUS_MILES, SERVICE_STATUSES } from '@mealprep/contracts';
import { carriesEvents, modelOn } from '@mealprep/service-kit';

const addressSchema = new Schema({ line1: String, city: String, region: String, postalCode: String, countryCode: String }, { _id: false });
const pointSchema = new Schema({ latitude: Number, longitude: Number }, { _id: false });
const locationSchema = new Schema({ label: String, address: addressSchema, isPrimary: Boolean, point: { type: pointSchema, default: null }, createdAt: Date, updatedAt: Date }, { _id: false });

const serviceSchema = new Schema(
  {
    name: { type: String, required: true },
    slug: { type: String, required: true, unique: true },
    tagline: { type: String, default: '' },
    description: { type: String, default: '' },
    defaultCurrency: { type: String, default: 'USD' },
    languages: { type: [String], default: ['en'] },
    mealTypes: { type: [String], default: [] },
    status: { type: String, enum: SERVICE_STATUSES, default: 'draft', index: true },
    featuredUntil: { type: Date, default: null },
    publishedAt: { type: Date, default: null },
    ownerUserId: { type: String, default: null, index: true },
    deliveryMethods: {
      localDelivery: { type: Boolean, default: false },
      pickup: { type: Boolean, default: false },
      shipsDomestically: { type: Boolean, default: false },
      shipsInternationally: { type: Boolean, default: false },
    },
    /** How far (miles) its local delivery reaches. */
    deliveryRadiusMiles: { type: Number, default: DEFAULT_DELIVERY_RADIUS_MILES },
    contact: {
      email: { type: String, default: '' },
      phone: { type: String, default: '' },
      website: { type: String, default: '' },
      socialLinks: { type: [String], default: [] },
      /** Whether its owner shows the e-mail address to visitors (behind a button: never in a page's HTML). */
      showEmail: { type: Boolean, default: false },
    },
    locations: { type: [locationSchema], default: [] },
    media: {
      logoImageId: { type: String, default: null },
      /** Its gallery (MAX_LISTING_PHOTOS at most), as svc-media drew each photo, with its owner's words; the cover named apart. */
      photos: { type: [Schema.Types.Mixed], default: undefined },
      coverPhotoId: { type: String, default: null },
      /** Photos taken out of the gallery lately (MAX_LISTING_PHOTOS at most, newest first), to be put back. */
      removedPhotos: { type: [Schema.Types.Mixed], default: undefined },
    },
    metadata: { type: Schema.Types.Mixed, default: {} },
    /** The facts of its offer (contracts' OfferSchema), as the owner's form or the import gave them; absent until said. */
    offer: { type: Schema.Types.Mixed, default: null },
    /** Every status change: who, when, from, to and why (the audit trail). */
    statusHistory: {
      type: [new Schema({ at: Date, byUserId: String, byEmail: String, from: String, to: String, reason: String }, { _id: false })],
      default: [],
    },
    /** Every claim granted, approved or rejected: who asked, who decided, the owner before and after (the audit trail of ownership). */
    ownershipHistory: {
      type: [
        new Schema(
          { at: Date, action: String, kind: String, claimId: String, claimantEmail: String, fromOwnerUserId: String, toOwnerUserId: String, byUserId: String, byEmail: String, reason: String },
          { _id: false },
        ),
      ],
      default: [],
    },
    /** The average (one decimal) and count of its published reviews, written when they change (its reviews' bookkeeping lives apart: review-records.ts). */
    rating: { average: { type: Number, default: null }, count: { type: Number, default: 0 } },
    /** Existing services this one may repeat (same website domain, or same name in the same city). */
    possibleDuplicateOf: {
      type: [new Schema({ id: String, name: String, slug: String, reason: String }, { _id: false })],
      default: [],
    },
    /**
     * One more with every write. A write applies only to the version it read (so two writers of
     * one listing never undo each other: the later one reads again), and every event carries the
     * version it leaves, so projections apply only what is newer than what they hold.
     */
    version: { type: Number, default: 0 },
    /**
     * The latest writes that carried an Idempotency-Key (WRITE_KEYS_KEPT at most): the key, whose it
     * is and a hash of the request (never the request itself). The same request sent again with its
     * key is not applied twice; the key with another request from the same user is refused.
     */
    writeKeys: { type: [new Schema({ key: String, userId: String, fingerprint: String }, { _id: false })], default: undefined },
  },
  { collection: 'services', versionKey: false, timestamps: true },
);
serviceSchema.plugin(carriesEvents);

/** The services collection's model on a connection (one per repository: modelOn replaces an earlier one of the name). */
export const serviceModel = (connection: Connection) => modelOn(connection, 'Service', serviceSchema);
export type ServiceModel = ReturnType<typeof serviceModel>;

export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a lean document as the driver gives it, read field by field where it is mapped

/** The filter that matches a document only while it is still at the version that was read. */
export const atVersion = (doc: Doc) => (typeof doc.version === 'number' ? { _id: doc._id, version: doc.version } : { _id: doc._id, version: { $exists: false } });
