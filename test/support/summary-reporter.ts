import type { Reporter, TestModule } from 'vitest/node';
import { reachLines } from './reach.js';

/**
 * After vitest's own summary, prints which stores and tools the run covered, then one plain closing line,
 * `tests: N passed, N failed, N skipped`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      const before = counts.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed outside its tests (an import, a beforeAll hook) counts as one failure.
      if (module.state() === 'failed' && counts.failed === before) counts.failed += 1;
    }
    process.stdout.write(
      `\n${reachLines()}\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
