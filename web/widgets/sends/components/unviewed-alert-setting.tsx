import { MAX_UNVIEWED_ALERT_MINUTES, UNVIEWED_ALERT_MESSAGE } from '@shared/schemas/shop-settings';
import { WholeNumberSetting } from './whole-number-setting';

/** Admins: after how many minutes a sent, unopened report is flagged on the dashboard. */
export function UnviewedAlertSetting() {
  return (
    <WholeNumberSetting
      name="unviewedAlertMinutes"
      max={MAX_UNVIEWED_ALERT_MINUTES}
      message={UNVIEWED_ALERT_MESSAGE}
      title="Unviewed reports"
      description="The dashboard flags a report sent this long ago that the customer has not opened."
      label="Flag after (minutes)"
    />
  );
}
