import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import styles from './card.module.css';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...props }: DivProps) {
  return <div className={cn(styles.card, className)} {...props} />;
}

/** Title (and optional description) on the left, `actions` on the right. */
export function CardHeader({ className, actions, children, ...props }: DivProps & { actions?: ReactNode }) {
  return (
    <div className={cn(styles.header, className)} {...props}>
      <div>{children}</div>
      {actions}
    </div>
  );
}

export function CardTitle({
  as: Heading = 'h2',
  className,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cn(styles.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn(styles.description, className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={cn(styles.content, className)} {...props} />;
}

export function CardFooter({ className, ...props }: DivProps) {
  return <div className={cn(styles.footer, className)} {...props} />;
}

/** A card that is a region of the page, named by its title. */
export function RegionCard({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
