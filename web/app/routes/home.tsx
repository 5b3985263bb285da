import { useSection } from '@web/lib/use-section';
import { InspectionDialogProvider } from '../inspection-dialog-provider';
import { AppShell } from '../layout/app-shell';
import { SectionView } from '../sections';

/** `/`: the shell with the section chosen by `?section=` (kept in step with the sidebar). */
export function HomeRoute() {
  const [section] = useSection();
  return (
    <AppShell active={section}>
      <InspectionDialogProvider>
        <SectionView section={section} />
      </InspectionDialogProvider>
    </AppShell>
  );
}
