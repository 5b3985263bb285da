import { Badge, type BadgeTone } from './badge';

export interface BannerContent {
  badge: string;
  text: string;
  tone: BadgeTone;
}

export function StatusBanner({ badge, text, tone }: BannerContent) {
  return (
    <div className={`banner banner--${tone}`} data-testid="status-banner">
      <Badge tone={tone}>{badge}</Badge>
      <p className="banner__text">{text}</p>
    </div>
  );
}
