import type { Reporter, TestModule } from 'vitest/node';
import { storesLine } from './reach.js';

/**
 * After vitest's own summary, prints which stores the run covered, then one plain closing line,
 * `tests: N passed, N failed, N skipped`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed += 1;
    }
    process.stdout.write(
      `\n${storesLine()}\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
