import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/** Prints the plain "N passed, N failed" closing line that CI reads. */
export default class SummaryReporter implements Reporter {
  private passed = 0
  private failed = 0
  private skipped = 0

  onTestEnd(_test: TestCase, result: TestResult): void {
    if (result.status === 'passed') this.passed += 1
    else if (result.status === 'skipped') this.skipped += 1
    else this.failed += 1
  }

  onEnd(_result: FullResult): void {
    console.log(`e2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`)
  }
}
