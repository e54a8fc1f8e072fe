import { Schema, type Connection } from 'mongoose';
import { carriesEvents, KeyedRecords, modelOn, type Outbox } from '@mealprep/service-kit';
import { LEAD_KEPT_DAYS, type EventEnvelope, type LeadDetails, type LeadHoldReason, type LeadStatus } from '@mealprep/contracts';

/** A visitor's quote request as kept: what they sent, the listing and its owner then, and where it stands. */
export interface StoredLead {
  id: string;
  serviceId: string;
  /** The listing's owner when it arrived; null: nobody had claimed it (it waits for a claim). */
  ownerUserId: string | null;
  status: LeadStatus;
  /** Why staff look at it before anyone else does; null: not held. */
  held: LeadHoldReason | null;
  request: LeadDetails;
  /** The message's words as a key: the same text to many listings is found by it. */
  textKey: string;
  /** The form's token, hashed: a form is sent once. */
  formTokenHash: string;
  /** The visitor's link that deletes the request, hashed. */
  deleteTokenHash: string;
  createdAt: Date;
  /** When its owner first opened it; null: unread. */
  readAt: Date | null;
  /** When it is deleted (180 days; 30 for a listing nobody has claimed). */
  expiresAt: Date;
}

const leadSchema = new Schema(
  {
    _id: { type: String, required: true },
    serviceId: { type: String, required: true },
    ownerUserId: { type: String, default: null },
    status: { type: String, required: true },
    held: { type: String, default: null },
    request: { type: Schema.Types.Mixed, required: true },
    textKey: { type: String, required: true },
    formTokenHash: { type: String, required: true },
    deleteTokenHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    readAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'leads', versionKey: false, minimize: false },
);
leadSchema.plugin(carriesEvents);
leadSchema.index({ serviceId: 1, createdAt: -1 });
leadSchema.index({ formTokenHash: 1 }, { unique: true });
leadSchema.index({ expiresAt: 1 });
leadSchema.index({ held: 1, createdAt: -1 });
leadSchema.index({ createdAt: -1 });

/** A sender's address staff marked spam, hashed: kept from sending until `until`. */
const blockSchema = new Schema({ _id: { type: String, required: true }, until: { type: Date, required: true } }, { collection: 'lead_blocks', versionKey: false });
blockSchema.index({ until: 1 });

/**
 * Where a text went lately (_id: the text's key): the listings it was sent to with when (ms), newest
 * last, kept while one is within the hour the repeated-text check looks back (`until`: then it may
 * go), at most TEXT_SENDS_KEPT. Read and written by its key alone: the check never reads the
 * requests (a find by their text read every request kept, on every send).
 */
interface LeadTextRecord {
  sent: Array<{ serviceId: string; at: number }>;
  until: number;
}
/** One other listing is all the check needs; a text sent to more within the hour names the newest. */
const TEXT_SENDS_KEPT = 20;

/**
 * Which requests are whose, by key (_id `owner:{user}:{YYYY-MM}`: an owner's that arrived in a month;
 * `waiting:{listing}`: those waiting for a claim): the ids only, written before the request itself
 * (an id whose request is gone, or not written after all, is passed over when read). An owner's
 * inbox reads its months' records and their requests by id, never the collection; `until` is when a
 * record's requests are all past their time (the sweep removes it then).
 */
interface LeadIndexRecord {
  ids: string[];
  until: number;
}
const DAY_MS = 24 * 60 * 60 * 1000;
const monthOf = (at: Date) => at.toISOString().slice(0, 7);
/** The months an owner's kept requests may have arrived in, newest first (180 days reach back into a seventh month). */
function keptMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 0; back <= 7; back += 1) months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  return months;
}
/** The end of a month's requests' time: its last day and the 180 days after. */
const monthUntil = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1) + (LEAD_KEPT_DAYS + 1) * DAY_MS;

/** Which requests a list holds: an owner's (those staff hold left out), staff's held ones, or all. */
export type LeadFilter = { ownerUserId: string; status?: LeadStatus } | { held: true; status?: LeadStatus } | { all: true; status?: LeadStatus };
const queryOf = (filter: LeadFilter): Record<string, unknown> => {
  const status = filter.status ? { status: filter.status } : {};
  if ('held' in filter) return { held: { $ne: null }, ...status };
  return status;
};

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
/** What `add` answers when the form's token was used already. */
export const TOKEN_USED = Symbol('token used');

export type LeadRepository = ReturnType<typeof leadRepository>;

/** The quote requests: read by key or by an indexed field, a bounded number at a time. */
export function leadRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'Lead', leadSchema);
  const Block = modelOn(connection, 'LeadBlock', blockSchema);
  const carrier = outbox.carrier(Model);
  const texts = new KeyedRecords<LeadTextRecord>(connection, 'lead_texts');
  const index = new KeyedRecords<LeadIndexRecord>(connection, 'lead_index');
  const addToIndex = (key: string, ids: readonly string[], until: number) =>
    index.change(key, (current) => {
      const known = new Set(current?.ids ?? []);
      const added = ids.filter((id) => !known.has(id));
      return added.length === 0 ? null : { ids: [...(current?.ids ?? []), ...added], until: Math.max(current?.until ?? 0, until) };
    });
  const indexLead = (lead: Pick<StoredLead, 'id' | 'serviceId' | 'ownerUserId' | 'createdAt' | 'expiresAt'>) =>
    lead.ownerUserId
      ? addToIndex(`owner:${lead.ownerUserId}:${monthOf(lead.createdAt)}`, [lead.id], monthUntil(monthOf(lead.createdAt)))
      : addToIndex(`waiting:${lead.serviceId}`, [lead.id], lead.expiresAt.getTime());
  /** The requests of these ids that are still kept, read by id a thousand at a time. */
  const byIds = async (ids: readonly string[]): Promise<StoredLead[]> => {
    const found: StoredLead[] = [];
    for (let i = 0; i < ids.length; i += 1_000) found.push(...(await Model.find({ _id: { $in: ids.slice(i, i + 1_000) } }).lean()).map((doc) => toLead(doc)));
    return found;
  };
  /** An owner's requests (those staff hold left out), newest first, from their months' records. */
  const ownersLeads = async (ownerUserId: string, now: Date): Promise<StoredLead[]> => {
    const records = await index.readMany(keptMonths(now).map((month) => `owner:${ownerUserId}:${month}`));
    const ids = [...records.values()].flatMap((record) => record.ids);
    const leads = await byIds(ids);
    return leads.filter((lead) => lead.ownerUserId === ownerUserId && lead.held === null).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  };
  const toLead = (doc: Record<string, unknown>): StoredLead => {
    const { _id, _outbox: _events, ...rest } = doc as unknown as Omit<StoredLead, 'id'> & { _id: string; _outbox?: unknown };
    return { id: String(_id), ...rest };
  };
  return {
    /** Keeps a request with the events that announce it, in one write; TOKEN_USED when its form was sent already (the token's hash is unique). */
    async add(lead: StoredLead, events: readonly EventEnvelope[]): Promise<true | typeof TOKEN_USED> {
      const { id, ...rest } = lead;
      // Named in its owner's (or the listing's waiting) record before it is written, unless staff hold
      // it: a held one is named when staff let it through (spam never grows an owner's records).
      if (lead.held === null) await indexLead(lead);
      try {
        await Model.collection.insertOne(carrier.insert({ _id: id, ...rest }, events) as never);
      } catch (err) {
        if (isDuplicateKey(err)) return TOKEN_USED;
        throw err;
      }
      carrier.written([id], events);
      return true;
    },
    /** Deletes every request whose time is up (through the index on expiresAt); how many. */
    async deleteExpired(now: Date): Promise<number> {
      const result = await Model.deleteMany({ expiresAt: { $lte: now } });
      await Block.deleteMany({ until: { $lte: now } });
      // Texts none was sent with within the check's hour (the collection holds about an hour's texts).
      await connection.collection('lead_texts').deleteMany({ until: { $lte: now.getTime() } });
      // Records whose requests are all past their time (the index holds about seven months of owners' months).
      await connection.collection('lead_index').deleteMany({ until: { $lte: now.getTime() } });
      return result.deletedCount;
    },
    /** Deletes the request its delete link names (by its id, when the link's hash is its own); whether there was one. */
    async deleteByToken(id: string, deleteTokenHash: string): Promise<boolean> {
      const result = await Model.deleteOne({ _id: id, deleteTokenHash });
      return result.deletedCount === 1;
    },
    /**
     * Records that a text was sent to a listing now, and answers whether it went to another listing
     * within `windowMs` before: one guarded write of the text's record, so two sent at once are seen
     * one after the other.
     */
    async textSentElsewhere(textKey: string, serviceId: string, now: Date, windowMs: number): Promise<boolean> {
      const at = now.getTime();
      let elsewhere = false;
      await texts.change(textKey, (current) => {
        const recent = (current?.sent ?? []).filter((sent) => sent.at > at - windowMs);
        elsewhere = recent.some((sent) => sent.serviceId !== serviceId);
        return { sent: [...recent, { serviceId, at }].slice(-TEXT_SENDS_KEPT), until: at + windowMs };
      });
      return elsewhere;
    },
    /** A listing's newest requests, newest first (at most `limit`). */
    async latestFor(serviceId: string, limit: number): Promise<StoredLead[]> {
      const docs = await Model.find({ serviceId }).sort({ createdAt: -1 }).limit(limit).lean();
      return docs.map((doc) => toLead(doc));
    },
    /**
     * A listing's requests that waited for a claim become its new owner's, each kept 180 days from
     * its arrival (found through the index on serviceId); how many.
     */
    async adoptWaiting(serviceId: string, ownerUserId: string): Promise<number> {
      // At most 20 a day for 30 days wait (the listing's limit): their record names them.
      const waiting = (await byIds((await index.read(`waiting:${serviceId}`))?.ids ?? [])).filter((lead) => lead.ownerUserId === null);
      if (waiting.length === 0) return 0;
      const kept = LEAD_KEPT_DAYS * DAY_MS;
      const months = new Map<string, string[]>();
      for (const lead of waiting) months.set(monthOf(lead.createdAt), [...(months.get(monthOf(lead.createdAt)) ?? []), lead.id]);
      for (const [month, ids] of months) await addToIndex(`owner:${ownerUserId}:${month}`, ids, monthUntil(month));
      const result = await Model.bulkWrite(
        waiting.map((lead) => ({ updateOne: { filter: { _id: lead.id, ownerUserId: null }, update: { $set: { ownerUserId, expiresAt: new Date(lead.createdAt.getTime() + kept) } } } })),
      );
      // Only the ones moved leave the record: one sent while the claim went through stays, found by the next read.
      const moved = new Set(waiting.map((lead) => lead.id));
      await index.change(`waiting:${serviceId}`, (current) => (current ? { ids: current.ids.filter((id) => !moved.has(id)), until: current.until } : null));
      return result.modifiedCount;
    },
    /**
     * A page of a list, newest first, and how many it holds: an owner's from their months' records
     * (by key); staff's lists through the indexes on held and time.
     */
    async page(filter: LeadFilter, skip: number, limit: number, now = new Date()): Promise<{ items: StoredLead[]; total: number }> {
      if ('ownerUserId' in filter) {
        const mine = (await ownersLeads(filter.ownerUserId, now)).filter((lead) => !filter.status || lead.status === filter.status);
        return { items: mine.slice(skip, skip + limit), total: mine.length };
      }
      const query = queryOf(filter);
      const [docs, total] = await Promise.all([Model.find(query).sort({ createdAt: -1 }).skip(skip).limit(limit).lean(), Model.countDocuments(query)]);
      return { items: docs.map((doc) => toLead(doc)), total };
    },
    /** An owner's requests not opened yet. */
    async unreadFor(ownerUserId: string, now = new Date()): Promise<number> {
      return (await ownersLeads(ownerUserId, now)).filter((lead) => lead.readAt === null).length;
    },
    /** Changes a request, with the event that says so, in one write; the request as it is now, or null when it is gone. */
    async update(
      id: string,
      set: Partial<Pick<StoredLead, 'status' | 'held' | 'readAt' | 'ownerUserId' | 'expiresAt'>>,
      events: readonly EventEnvelope[],
      onlyIfHeld = false,
    ): Promise<StoredLead | null> {
      // Letting one through is conditional on it being held still: two approvals at once announce it once.
      const doc = await Model.findOneAndUpdate({ _id: id, ...(onlyIfHeld ? { held: { $ne: null } } : {}) }, carrier.update({ $set: set }, events) as never, { returnDocument: 'after' }).lean();
      if (!doc) return null;
      carrier.written([id], events);
      return toLead(doc);
    },
    /** Keeps a sender's address (hashed) from sending until a time. */
    async block(emailHash: string, until: Date): Promise<void> {
      await Block.updateOne({ _id: emailHash }, { $set: { until } }, { upsert: true });
    },
    async isBlocked(emailHash: string, now: Date): Promise<boolean> {
      return (await Block.exists({ _id: emailHash, until: { $gt: now } })) !== null;
    },
    /** Names a request staff let through in its owner's (or the listing's waiting) record. */
    indexLead,
    async findById(id: string): Promise<StoredLead | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toLead(doc) : null;
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Model.init(), Block.init()]);
    },
  };
}
