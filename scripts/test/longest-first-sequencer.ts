import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Integration files known to take minutes; the rest take seconds each. */
const LONGEST = ['scripts/test/contract-input.test.ts'];

/**
 * Starts the files that take longest first, so the others fill the workers beside them rather
 * than one long file running alone at the end (a fresh clone has no timings kept from a run
 * before, which vitest's own order would use); the rest in vitest's own order.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => (LONGEST.some((name) => file.moduleId.endsWith(name)) ? 0 : 1);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
