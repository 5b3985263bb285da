import { Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Tooltip } from '@web/components/ui/tooltip';
import { promptInstall, useInstallOffer } from './install-offer';
import styles from './pwa.module.css';

/**
 * 'Install app' in the header, only while the browser offers to install; gone once installed.
 * Browsers without the offer (Safari, an installed app) show nothing.
 */
export function InstallButton() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Tooltip content="Install app">
      <Button variant="ghost" onClick={promptInstall} aria-label="Install app">
        <Download aria-hidden="true" />
        <span className={styles.installText}>Install app</span>
      </Button>
    </Tooltip>
  );
}
