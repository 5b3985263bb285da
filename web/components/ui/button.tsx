import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@web/lib/cn';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Every size keeps the 44 px touch target; `icon` is a 44 px square (give it an aria-label). */
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The class names of a button, for links and triggers that must look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false): string {
  return cn(styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block);
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={cn(buttonClass(variant, size, block), className)} {...props} />;
}
