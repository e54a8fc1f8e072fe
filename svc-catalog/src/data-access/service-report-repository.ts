import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

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

export type ServiceReportRepository = ReturnType<typeof serviceReportRepository>;

export function serviceReportRepository(connection: Connection) {
  const Model = modelOn(connection, 'ServiceReport', reportSchema);
  return {
    async findRecent(serviceId: string, ipHash: string, since: Date): Promise<string | null> {
      const doc = await Model.findOne({ serviceId, ipHash, reportedAt: { $gte: since } }).lean();
      return doc ? String(doc._id) : null;
    },
    async create(report: { serviceId: string; reportedAt: Date; ipHash: string; userId: string | null }): Promise<string> {
      const doc = await Model.create(report);
      return String(doc._id);
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
