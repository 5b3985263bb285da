import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '@web/lib/cn';
import styles from './select.module.css';

export interface SelectOption {
  /** Never '' (Radix reserves it for "no value"); use a word such as 'all'. */
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  options: readonly SelectOption[];
  value?: string | undefined;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  /** Sends the value with a native form submit. */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  className?: string;
  /** Needed when no visible <label> points at the select (FormField gives one). */
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A Radix Select with a simple options list; works inside FormField like an Input. */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  name,
  disabled,
  required,
  id,
  className,
  ref,
  ...aria
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      {...(value !== undefined ? { value } : {})}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      {...(onValueChange ? { onValueChange } : {})}
      {...(name ? { name } : {})}
      {...(disabled ? { disabled } : {})}
      {...(required ? { required } : {})}
    >
      <SelectPrimitive.Trigger ref={ref} id={id} className={cn(styles.trigger, className)} {...aria}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon asChild>
          <ChevronDown className={styles.icon} aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content className={styles.content} position="popper" sideOffset={4}>
          <SelectPrimitive.Viewport className={styles.viewport}>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className={styles.item}
                {...(option.disabled ? { disabled: true } : {})}
              >
                <span className={styles.indicator}>
                  <SelectPrimitive.ItemIndicator>
                    <Check aria-hidden="true" />
                  </SelectPrimitive.ItemIndicator>
                </span>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
