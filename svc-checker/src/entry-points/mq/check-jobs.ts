import { CheckJobSchema } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import { CHECK_QUEUE, runCheckJob, type CheckerDomainDeps } from '../../domain/checks';

/**
 * The workers' side of the check queue: each job is checked against its schema here, before it
 * reaches the domain; one that does not match is dropped (logged), never retried.
 */
export async function consumeCheckJobs(broker: Broker, domain: CheckerDomainDeps, options: { prefetch: number; retryDelaysMs: number[] }): Promise<void> {
  await broker.consumeJobs(
    CHECK_QUEUE,
    async (raw) => {
      const parsed = CheckJobSchema.safeParse(raw);
      if (!parsed.success) {
        domain.logger.warn({ issues: parsed.error.issues }, 'dropped a check job that does not match its schema');
        return;
      }
      await runCheckJob(domain, parsed.data);
    },
    options,
  );
}
