import type { PageWeight } from './assets';
import type { LighthouseRun } from './lighthouse';

export const TARGETS = { jsGzipKiB: 80, score: 0.95, lcpMs: 1500 } as const;

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mark = (ok: boolean) => (ok ? 'pass' : 'MISS');

/** Left-aligned columns two spaces apart, as wide as their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => row[col]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function printReport(pages: PageWeight[], lh: { median: LighthouseRun; runs: LighthouseRun[] }): void {
  const label = (page: string) => page.replace(/\/[^/]+$/, '/<token>');
  console.log('\nShare pages: JS and CSS the HTML loads, gzip level 9');
  console.log(
    table([
      ['page', 'JS gzip', 'CSS gzip', `JS < ${TARGETS.jsGzipKiB} KiB`],
      ...pages.map((p) => [label(p.page), kib(p.jsGzip), kib(p.cssGzip), mark(p.jsGzip < TARGETS.jsGzipKiB * 1024)]),
    ]),
  );

  const { score, lcpMs } = lh.median;
  console.log(`\nLighthouse 12, mobile (simulated throttling), report page /mpi/<token>, median of ${lh.runs.length}`);
  console.log(
    table([
      ['metric', 'median', 'runs', 'target', ''],
      [
        'performance score',
        score.toFixed(2),
        lh.runs.map((r) => r.score.toFixed(2)).join(' '),
        `>= ${TARGETS.score}`,
        mark(score >= TARGETS.score),
      ],
      [
        'LCP',
        `${Math.round(lcpMs)} ms`,
        lh.runs.map((r) => Math.round(r.lcpMs)).join(' '),
        `< ${TARGETS.lcpMs} ms`,
        mark(lcpMs < TARGETS.lcpMs),
      ],
    ]),
  );
}
