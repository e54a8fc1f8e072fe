import { Schema, Types, type Connection } from 'mongoose';
import type { EventEnvelope } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

const reportSchema = new Schema(
  {
    serviceId: { type: String, required: true, index: true },
    kind: { type: String, default: 'still-open' },
    reportedAt: { type: Date, required: true },
    ipHash: { type: String, required: true },
    userId: { type: String, default: null },
    reviewedAt: { type: Date, default: null },
  },
  { collection: 'service_reports', versionKey: false },
);
reportSchema.plugin(carriesEvents);

export type ServiceReportRepository = ReturnType<typeof serviceReportRepository>;

export function serviceReportRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'ServiceReport', reportSchema);
  const carrier = outbox.carrier(Model);
  return {
    async findRecent(serviceId: string, ipHash: string, since: Date): Promise<string | null> {
      const doc = await Model.findOne({ serviceId, ipHash, reportedAt: { $gte: since } }).lean();
      return doc ? String(doc._id) : null;
    },
    /** Keeps a report, with what it announces (given the new report's id) in the same write. */
    async create(report: { serviceId: string; reportedAt: Date; ipHash: string; userId: string | null }, announce: (reportId: string) => EventEnvelope[]): Promise<string> {
      const _id = new Types.ObjectId();
      const events = announce(String(_id));
      await Model.create(carrier.insert({ _id, ...report }, events));
      carrier.written([_id], events);
      return String(_id);
    },
    async listForService(serviceId: string) {
      const docs = await Model.find({ serviceId }).sort({ reportedAt: -1 }).lean();
      return docs.map((d) => ({ id: String(d._id), serviceId: d.serviceId, reportedAt: d.reportedAt.toISOString(), ipHash: d.ipHash, userId: d.userId ?? null }));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
