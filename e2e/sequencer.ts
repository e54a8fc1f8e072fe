import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files run one at a time in name order, so the one that stops a service (zz-…) runs last. */
export class NameOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
