import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@web/lib/cn';
import styles from './field.module.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(styles.control, className)} {...props} />;
}
