import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { User } from '@shared/schemas/user';
import { Button } from '@web/components/ui/button';
import type { Section } from '@web/config/paths';
import { SidebarNav } from './sidebar-nav';
import styles from './shell.module.css';

export interface MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User;
  active: Section | null;
}

/** Below 1024 px the sidebar opens as a sheet from the left. */
export function MobileNav({ open, onOpenChange, user, active }: MobileNavProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.sheetOverlay} />
        <DialogPrimitive.Content id="mobile-nav" className={styles.sheet} aria-describedby={undefined}>
          <DialogPrimitive.Title className="visually-hidden">Menu</DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" className={styles.sheetClose} aria-label="Close menu">
              <X aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
          <SidebarNav user={user} active={active} onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
