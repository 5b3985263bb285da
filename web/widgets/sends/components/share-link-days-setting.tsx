import { MAX_SHARE_LINK_DAYS, SHARE_LINK_DAYS_MESSAGE } from '@shared/schemas/shop-settings';
import { WholeNumberSetting } from './whole-number-setting';

/** Admins: how many days a share link works after it was made or last sent. */
export function ShareLinkDaysSetting() {
  return (
    <WholeNumberSetting
      name="shareLinkDays"
      max={MAX_SHARE_LINK_DAYS}
      message={SHARE_LINK_DAYS_MESSAGE}
      title="Customer links"
      description="A report or receipt link stops working this many days after it was made or last sent; the customer then sees the shop's phone."
      label="Links expire after (days)"
    />
  );
}
