import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Counts tests per vitest project and writes them to $VITEST_PROJECT_COUNTS as JSON. CI reads it
 * to prove the PostgreSQL project really ran: the default reporter's output can't show that reliably.
 */
export default class ProjectCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts: Record<string, ProjectCounts> = {};
    for (const module of testModules) {
      const c = (counts[module.project.name] ??= { passed: 0, failed: 0, skipped: 0 });
      // A file that fails before collecting any test still failed.
      if (module.state() === 'failed' && module.children.size === 0) c.failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') c.passed++;
        else if (state === 'failed') c.failed++;
        else c.skipped++;
      }
    }
    const file = process.env.VITEST_PROJECT_COUNTS;
    if (file) writeFileSync(file, `${JSON.stringify(counts, null, 2)}\n`);
  }
}
