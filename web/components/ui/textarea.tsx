import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';
import styles from './field.module.css';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(styles.control, styles.textarea, className)} {...props} />;
}
