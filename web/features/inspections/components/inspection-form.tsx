import { useEffect, useState, type FormEvent } from 'react';
import { createInspectionBody, TECHNICIAN_REQUIRED, type Inspection } from '@shared/schemas/inspection';
import type { DeferredWork } from '@shared/schemas/deferred';
import type { User } from '@shared/schemas/user';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { useToast } from '@web/components/ui/toast';
import { newClientId } from '@web/lib/api-client';
import { vehicleName } from '@web/lib/format';
import { useBlockReload } from '@web/lib/reload-guard';
import { PreviouslyDeclined } from '@web/widgets/deferred/previously-declined';
import { paths } from '@web/config/paths';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { TotalsList } from '@web/components/ui/totals-list';
import { useInspectionMedia } from '@web/lib/use-offline-media';
import { discardUnsaved, loadMediaOf } from '@web/widgets/media/api/media-actions';
import { MediaScope } from '@web/widgets/media/components/media-scope';
import { unsavedMediaWarning } from '@web/widgets/media/media-rules';
import { SendButton } from '@web/widgets/sends/components/send-button';
import { ShareActivityLine } from '@web/widgets/sends/components/share-activity-line';
import { RenewLinkButton } from '@web/widgets/sends/components/renew-link-button';
import { useSaveInspection } from '@web/entities/inspections/save-inspection';
import { useRenewInspectionLink } from '@web/entities/inspections/renew-inspection-link';
import { ConditionFields } from './condition-fields';
import { DecisionHistory } from './decision-history';
import {
  draftFrom,
  emptyDraft,
  estimate,
  newService,
  toBody,
  toChanges,
  type InspectionDraft,
  type ServiceDraft,
} from './inspection-form-model';
import styles from './inspection-form.module.css';
import { MeasurementFields } from './measurement-fields';
import { PeopleFields } from './people-fields';
import { ServicesEditor } from './services-editor';

export interface InspectionFormProps {
  /** The inspection being edited; none for a new one. */
  inspection: Inspection | undefined;
  /** Locks the customer (opened from a customer card). */
  lockedCustomer: { id: string; name: string } | undefined;
  signedInUser: User;
  onClose: () => void;
}

/** Field errors keyed by path ('customerId', 'services.0.parts.1.partName'), first message wins. */
function validate(draft: InspectionDraft): Record<string, string> {
  const body = toBody(draft);
  const result = createInspectionBody.safeParse(body);
  const errors: Record<string, string> = {};
  if (!draft.technicianId) errors.technicianId = TECHNICIAN_REQUIRED;
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function InspectionForm({ inspection, lockedCustomer, signedInUser, onClose }: InspectionFormProps) {
  const { toast } = useToast();
  const save = useSaveInspection();
  const renewLink = useRenewInspectionLink();
  // What the dialog opened with: an edit sends what differs from it, even if the row is
  // refreshed behind the open form (a pull), so another device's changes are never sent back.
  const [initial] = useState(() =>
    inspection ? draftFrom(inspection) : emptyDraft(lockedCustomer?.id ?? '', signedInUser.id),
  );
  // The id of a new inspection is made once, so a retried save cannot create a second one.
  const [newId] = useState(newClientId);
  const [draft, setDraft] = useState<InspectionDraft>(initial);
  // Photos are taken against the new inspection's id and new services' ids before the first save.
  const mediaOwnerId = inspection?.id ?? newId;
  const media = useInspectionMedia(mediaOwnerId);
  const savedId = inspection?.id;
  // An inspection older than the device keeps shows its photos too, read from the server.
  useEffect(() => {
    if (savedId) void loadMediaOf(savedId).catch(() => undefined);
  }, [savedId]);
  const savedServiceIds = new Set(inspection?.services.map((s) => s.id));
  const unsaved = inspection ? media.filter((m) => m.serviceId !== null && !savedServiceIds.has(m.serviceId)) : media;
  const [closing, setClosing] = useState(false);
  // Any edit, a save in flight or unsaved photos hold back an app update's reload until the dialog is done.
  useBlockReload(draft !== initial || save.isPending || unsaved.length > 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  // The chosen customer's name, for the description and the sync panel's label.
  const [customerName, setCustomerName] = useState(lockedCustomer?.name ?? inspection?.customer.name);
  const totals = estimate(draft);
  // "Previously declined" lines added here, with the service each became; marked when saved.
  const [carried, setCarried] = useState<{ line: DeferredWork; serviceId: string }[]>([]);
  const stillAdded = carried.filter((c) => draft.services.some((s) => s.id === c.serviceId));
  const addDeferred = (line: DeferredWork) => {
    const service = { ...newService(), description: line.description, laborCost: (line.amountCents / 100).toFixed(2) };
    setCarried([...stillAdded, { line, serviceId: service.id }]);
    change({ services: [...draft.services, service] });
  };

  const change = (patch: Partial<InspectionDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (submitted) setErrors(validate(next));
  };
  const changeServices = (services: ServiceDraft[]) => {
    const kept = new Set(services.map((s) => s.id));
    const removed = draft.services.filter((s) => !kept.has(s.id) && !savedServiceIds.has(s.id)).map((s) => s.id);
    // A service that was never saved takes its photos with it.
    if (removed.length > 0) void discardUnsaved(mediaOwnerId, removed).catch(() => undefined);
    change({ services });
  };

  // Closing without saving drops the photos taken for what was never saved, once confirmed.
  const warning = unsavedMediaWarning(unsaved.length, !inspection);
  const requestClose = () => (warning && !save.isPending ? setClosing(true) : onClose());
  const discardAndClose = () => {
    const services = inspection ? [...new Set(unsaved.flatMap((m) => (m.serviceId ? [m.serviceId] : [])))] : undefined;
    discardUnsaved(mediaOwnerId, services)
      .then(onClose)
      .catch(() =>
        toast({ title: 'Error', description: 'The photos could not be deleted. Try again.', variant: 'destructive' }),
      );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(draft);
    setErrors(found);
    const messages = [...new Set(Object.values(found))];
    if (messages.length > 0) {
      toast({
        title: 'Validation Error',
        description: messages.join(', ') || 'Please check all required fields',
        variant: 'destructive',
      });
      return;
    }
    const editing = Boolean(inspection);
    const deferredAdded = stillAdded.map((c) => c.line);
    save.mutate(
      inspection
        ? {
            mode: 'update',
            inspection,
            changes: toChanges(draft, initial),
            customerName: customerName ?? '',
            deferredAdded,
          }
        : { mode: 'create', id: newId, body: toBody(draft), customerName: customerName ?? '', deferredAdded },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Inspection updated' : 'Inspection created' });
          onClose();
        },
        onError: () =>
          toast({
            title: 'Error',
            description: editing ? 'Failed to update inspection' : 'Failed to create inspection',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
      wide
      title={inspection ? 'Edit Inspection' : 'Create Inspection'}
      description={
        inspection
          ? `${customerName ?? ''} · ${inspection.vehicle.year} ${inspection.vehicle.make} ${inspection.vehicle.model}`
          : 'Record measurements, conditions and recommended services.'
      }
      onSubmit={submit}
      footer={
        <>
          {inspection?.shareToken ? (
            <RenewLinkButton kind="inspection" renew={() => renewLink.mutateAsync(inspection)} />
          ) : null}
          {inspection?.shareToken ? (
            <SendButton
              kind="inspection"
              targetId={inspection.id}
              customer={inspection.customer}
              link={`${window.location.origin}${paths.report(inspection.shareToken)}`}
              fill={{
                customerName: inspection.customer.name,
                vehicle: vehicleName(inspection.vehicle),
                at: inspection.createdAt,
                inspectionLink: `${window.location.origin}${paths.report(inspection.shareToken)}`,
              }}
            />
          ) : null}
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : inspection ? 'Save Changes' : 'Save & Complete'}
          </Button>
        </>
      }
    >
      <MediaScope inspectionId={mediaOwnerId} saved={inspection} media={media}>
        <div className={styles.form} data-testid="inspection-form">
          {inspection ? <ShareActivityLine kind="inspection" id={inspection.id} /> : null}
          <PeopleFields
            draft={draft}
            errors={errors}
            onChange={change}
            customerLocked={Boolean(lockedCustomer)}
            customerName={customerName}
            onCustomerName={setCustomerName}
            signedInUser={signedInUser}
            currentTechnician={inspection?.technician ?? null}
          />
          {/* Right under the vehicle: what was found last time comes first. */}
          {!inspection || inspection.status === 'in_progress' ? (
            <PreviouslyDeclined
              vehicleId={draft.vehicleId}
              inspectionId={inspection?.id}
              addedIds={new Set(stillAdded.map((c) => c.line.id))}
              onAdd={addDeferred}
            />
          ) : null}
          <MeasurementFields
            values={draft.measurements}
            errors={errors}
            onChange={(field, value) => change({ measurements: { ...draft.measurements, [field]: value } })}
          />
          <ConditionFields draft={draft} errors={errors} onChange={change} />
          <ServicesEditor
            services={draft.services}
            saved={inspection?.services}
            errors={errors}
            onChange={changeServices}
          />
          <TotalsList totals={totals} taxLabel="Tax (8.5%)" totalLabel="Estimated Total" testId="inspection-estimate" />
          {inspection ? <DecisionHistory inspectionId={inspection.id} /> : null}
        </div>
      </MediaScope>
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title={warning?.title ?? ''}
        description={warning?.description}
        confirmLabel="Close and delete photos"
        cancelLabel="Keep editing"
        onConfirm={discardAndClose}
      />
    </Dialog>
  );
}
