import type { MediaFigures, RssFigures } from './media';
import { kib, mark, table } from './report';

export const MEDIA_TARGETS = { jsGzipKiB: 60, score: 0.95, lcpMs: 1500 } as const;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const decimalMb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export function printUploads(upload: MediaFigures['upload']): void {
  console.log(
    `\nMedia: ${upload.count} photos of ${decimalMb(upload.bytes / upload.count)} each through tus (/api/uploads), one at a time`,
  );
  console.log(
    table([
      ['total', 'per photo (median)', 'slowest', 'throughput'],
      [
        `${(upload.totalMs / 1000).toFixed(1)} s`,
        `${Math.round(median(upload.perPhotoMs))} ms`,
        `${Math.round(Math.max(...upload.perPhotoMs))} ms`,
        `${(upload.bytes / 1e6 / (upload.totalMs / 1000)).toFixed(1)} MB/s`,
      ],
    ]),
  );
  console.log(`server RSS: ${mb(upload.rssBefore)} before the ${upload.count} photos, ${mb(upload.rssAfter)} after`);
}

export function printReportFigures(count: number, report: MediaFigures['report']): void {
  const { score, lcpMs } = report.lighthouse.median;
  const runs = report.lighthouse.runs;
  console.log(
    `\nReport page with ${count} photos: Lighthouse 12 mobile, median of ${runs.length}; JS/CSS gzip level 9`,
  );
  console.log(
    table([
      ['metric', 'median', 'runs', 'target', ''],
      [
        'performance score',
        score.toFixed(2),
        runs.map((r) => r.score.toFixed(2)).join(' '),
        `>= ${MEDIA_TARGETS.score}`,
        mark(score >= MEDIA_TARGETS.score),
      ],
      [
        'LCP',
        `${Math.round(lcpMs)} ms`,
        runs.map((r) => Math.round(r.lcpMs)).join(' '),
        `<= ${MEDIA_TARGETS.lcpMs} ms`,
        mark(lcpMs <= MEDIA_TARGETS.lcpMs),
      ],
      [
        'JS gzip',
        kib(report.weight.jsGzip),
        '',
        `<= ${MEDIA_TARGETS.jsGzipKiB} KiB`,
        mark(report.weight.jsGzip <= MEDIA_TARGETS.jsGzipKiB * 1024),
      ],
      ['CSS gzip', kib(report.weight.cssGzip), '', '', ''],
    ]),
  );
}

export function printStreams(streams: RssFigures, what: 'stream' | 'upload'): void {
  const doing =
    what === 'stream'
      ? `stream a ${decimalMb(streams.bytes)} video`
      : `upload a ${decimalMb(streams.bytes)} video each`;
  console.log(`\nMedia: server memory while ${streams.clients} clients ${doing} at once`);
  // Buffering would cost the file once per client; streaming costs a few chunks each.
  const growth = streams.rssPeak - streams.rssBefore;
  console.log(
    table([
      ['RSS before', 'RSS peak', 'growth', 'RSS after', `all ${what}s done`, 'bounded (growth < one file)'],
      [
        mb(streams.rssBefore),
        mb(streams.rssPeak),
        mb(growth),
        mb(streams.rssAfter),
        `${(streams.ms / 1000).toFixed(1)} s`,
        mark(growth < streams.bytes),
      ],
    ]),
  );
}
