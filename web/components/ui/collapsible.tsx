import * as CollapsiblePrimitive from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import styles from './collapsible.module.css';

export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleContent = CollapsiblePrimitive.Content;

/** A full-width 44 px row with the label on the left and a chevron that turns when open. */
export function CollapsibleTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof CollapsiblePrimitive.Trigger> & { children: ReactNode }) {
  return (
    <CollapsiblePrimitive.Trigger className={cn(styles.trigger, className)} {...props}>
      <span>{children}</span>
      <ChevronDown className={styles.chevron} aria-hidden="true" />
    </CollapsiblePrimitive.Trigger>
  );
}
