import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A sequencer that starts `longest` (paths from the repository's root, the longest first, as CI measured
 * them) before every other file. Vitest orders by the last run's timings where it has them, else the largest
 * file first; on a clean checkout, as CI's, a small file that runs for minutes was started among the last and
 * ended the run alone on one worker while the other stood idle. Longest first, the two workers end together.
 */
export function longestFirst(longest: string[]): typeof BaseSequencer {
  const rank = (spec: TestSpecification) => {
    const index = longest.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
    return index === -1 ? longest.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      // Array.prototype.sort is stable: the files not named keep Vitest's order, after the named ones.
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
