/** Printed figures and pass/fail checks; the run fails when any check did. */
export class Report {
  readonly failures: string[] = [];

  section(title: string): void {
    console.log(`\n== ${title}`);
  }

  line(text: string): void {
    console.log(`   ${text}`);
  }

  check(what: string, ok: boolean, why: string): void {
    console.log(`   ${ok ? 'ok    ' : 'FAILED'} ${what}${ok ? '' : `: ${why}`}`);
    if (!ok) this.failures.push(`${what}: ${why}`);
  }
}
