import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files run one at a time (they share one site), in name order for repeatable runs; none depends on
 * that order: a file that stops a part waits until npm start has started it again, and data a file
 * adds that others count leaves with it.
 */
export class NameOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
