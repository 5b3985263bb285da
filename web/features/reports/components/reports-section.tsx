import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format';
import { useCurrentUser } from '@web/lib/current-user';
import { useOnline } from '@web/lib/use-online';
import { presetRange, type DateRange, type Preset } from '../api/date-range';
import { useFunnelReport } from '@web/entities/reports/get-funnel-report';
import { ApprovedChart } from './approved-chart';
import { FigureCards } from './figure-cards';
import { GroupTable } from './group-table';
import { RangePicker } from './range-picker';
import styles from './reports.module.css';

const dateText = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The approval funnel of a date range: figures, per technician and advisor, approved $ per day. */
export function ReportsSection() {
  const user = useCurrentUser();
  const online = useOnline();
  const [preset, setPreset] = useState<Preset>('month');
  const [range, setRange] = useState<DateRange>(() => presetRange('month'));
  const allowed = user?.role === 'admin' || user?.role === 'service_advisor';
  const report = useFunnelReport(allowed ? range : null, online);
  const data = report.data;
  return (
    <section aria-labelledby="section-heading" className={styles.section}>
      <div>
        <h1 id="section-heading" className={styles.heading}>
          Reports
        </h1>
        <p className={styles.lead}>From inspected to sent, viewed and approved.</p>
      </div>
      {!allowed ? (
        <p role="alert" className={styles.notice}>
          Reports are for administrators and service advisors.
        </p>
      ) : (
        <>
          <RangePicker
            preset={preset}
            range={range}
            onChange={(nextPreset, nextRange) => {
              setPreset(nextPreset);
              setRange(nextRange);
            }}
          />
          {!online ? (
            <p role="status" className={styles.notice}>
              Reports need a connection. They come back when you are online again.
            </p>
          ) : report.isError ? (
            <p role="alert" className={styles.notice}>
              The report could not be loaded.{' '}
              <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
                Try again
              </Button>
            </p>
          ) : !data ? (
            <LoadingBlock />
          ) : (
            <div className={styles.body} aria-busy={report.isFetching}>
              <p className={styles.rangeText} data-testid="report-range">
                {dateText(data.from)} – {dateText(data.to)}
              </p>
              <FigureCards figures={data.overall} />
              <ApprovedChart days={data.days} />
              <GroupTable title="By technician" groups={data.technicians} testId="report-technicians" />
              <GroupTable title="By service advisor" groups={data.advisors} testId="report-advisors" />
              <p className={styles.muted}>
                Inspections created in the range, counted on the shop&apos;s days ({data.timeZone}). An advisor is
                whoever sent the report first; money is today&apos;s amount of each service, approved work at the amount
                approved.
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
