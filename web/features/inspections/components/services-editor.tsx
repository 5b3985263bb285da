import { Plus, Trash2 } from 'lucide-react';
import type { Service } from '@shared/schemas/inspection';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatMoney, formatMoneyCents, toCents } from '@web/lib/format';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { MediaAttach } from '@web/widgets/media/components/media-attach';
import { newPart, newService, type PartDraft, type ServiceDraft } from './inspection-form-model';
import styles from './inspection-form.module.css';

export interface ServicesEditorProps {
  services: ServiceDraft[];
  /** The services as saved: their decision status and re-approval. */
  saved?: readonly Service[] | undefined;
  errors: Record<string, string>;
  onChange: (services: ServiceDraft[]) => void;
}

const costProps = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0', placeholder: '0' } as const;

/** Services and their parts, added and removed in place; ids stay with their rows. */
/** A saved service's decision, and whether a change since asks the customer again. */
function ApprovalState({ service }: { service: Service | undefined }) {
  if (!service || service.status === 'recommended') return null;
  if (service.status === 'declined') return <Badge variant="secondary">Declined</Badge>;
  return (
    <span className={styles.approval} data-testid="service-approval">
      {service.needsReapproval ? (
        <>
          <Badge variant="warning">Needs re-approval</Badge>
          <span className={styles.muted}>
            Approved {formatMoney(service.approvedAmount)}, now{' '}
            {formatMoneyCents(toCents(service.partsCost) + toCents(service.laborCost))}
          </span>
        </>
      ) : (
        <>
          <Badge variant="success">Approved</Badge>
          <span className={styles.muted}>Changing its price, parts or description asks the customer again.</span>
        </>
      )}
    </span>
  );
}

export function ServicesEditor({ services, saved, errors, onChange }: ServicesEditorProps) {
  const savedById = new Map((saved ?? []).map((s) => [s.id, s]));
  const update = (index: number, patch: Partial<ServiceDraft>) =>
    onChange(services.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const updatePart = (index: number, partIndex: number, patch: Partial<PartDraft>) => {
    const service = services[index];
    if (service) update(index, { parts: service.parts.map((p, j) => (j === partIndex ? { ...p, ...patch } : p)) });
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Recommended Services</legend>
      {services.length === 0 ? <p className={styles.muted}>No services yet.</p> : null}
      {services.map((service, index) => {
        const n = index + 1;
        const key = `services.${index}`;
        return (
          <section key={service.id} className={styles.service} data-testid="service-editor" aria-label={`Service ${n}`}>
            <div className={styles.serviceHeader}>
              <h3 className={styles.serviceTitle}>Service {n}</h3>
              <ApprovalState service={savedById.get(service.id)} />
              <Button variant="ghost" onClick={() => onChange(services.filter((_, i) => i !== index))}>
                <Trash2 aria-hidden="true" /> Remove Service {n}
              </Button>
            </div>
            <div className={styles.grid}>
              <FormField label="Description" required error={errors[`${key}.description`]}>
                <Input value={service.description} onChange={(e) => update(index, { description: e.target.value })} />
              </FormField>
              <FormField label="Labor Cost" error={errors[`${key}.laborCost`]}>
                <Input
                  {...costProps}
                  value={service.laborCost}
                  onChange={(e) => update(index, { laborCost: e.target.value })}
                />
              </FormField>
              {service.parts.length === 0 ? (
                <FormField label="Parts Cost" error={errors[`${key}.partsCost`]}>
                  <Input
                    {...costProps}
                    value={service.partsCost}
                    onChange={(e) => update(index, { partsCost: e.target.value })}
                  />
                </FormField>
              ) : null}
            </div>
            {service.parts.length > 0 ? <p className={styles.partsTitle}>Parts</p> : null}
            {service.parts.map((part, partIndex) => {
              const partKey = `${key}.parts.${partIndex}`;
              const label = `part ${partIndex + 1} of service ${n}`;
              return (
                <div key={part.id} className={styles.part} data-testid="part-editor">
                  <FormField label="Part Name" required error={errors[`${partKey}.partName`]}>
                    <Input
                      value={part.partName}
                      onChange={(e) => updatePart(index, partIndex, { partName: e.target.value })}
                    />
                  </FormField>
                  <FormField label="Part URL" error={errors[`${partKey}.partUrl`]}>
                    <Input
                      type="url"
                      value={part.partUrl}
                      onChange={(e) => updatePart(index, partIndex, { partUrl: e.target.value })}
                    />
                  </FormField>
                  <FormField label="Part Cost" error={errors[`${partKey}.partCost`]}>
                    <Input
                      {...costProps}
                      value={part.partCost}
                      onChange={(e) => updatePart(index, partIndex, { partCost: e.target.value })}
                    />
                  </FormField>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label}`}
                    onClick={() => update(index, { parts: service.parts.filter((_, j) => j !== partIndex) })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              );
            })}
            <MediaAttach serviceId={service.id} label={`Service ${n}`} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => update(index, { parts: [...service.parts, newPart()] })}>
                <Plus aria-hidden="true" /> Add Part
              </Button>
            </div>
          </section>
        );
      })}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onChange([...services, newService()])}>
          <Plus aria-hidden="true" /> Add Service
        </Button>
      </div>
    </fieldset>
  );
}
