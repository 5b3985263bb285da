import { TEMPLATE_STATUSES } from '../../../../shared/constants';
import {
  createEmailTemplateBody,
  type EmailTemplate,
  type UpdateEmailTemplateBody,
} from '../../../../shared/schemas/email-template';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { humanize } from '../../../lib/format';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useCreateEmailTemplate } from '../../../entities/email-templates/create-email-template';
import { useUpdateEmailTemplate } from '../../../entities/email-templates/update-email-template';
import styles from './email-templates.module.css';

const FIELDS = ['name', 'description', 'subject', 'body', 'status'] as const;
type Field = (typeof FIELDS)[number];

const STATUS_OPTIONS = TEMPLATE_STATUSES.map((value) => ({ value, label: humanize(value) }));

export interface TemplateFormProps {
  /** The template being edited; none to create one. */
  template: EmailTemplate | undefined;
  onClose: () => void;
}

/** Create / edit a template (admins); messages come from the shared schema. An edit sends only what changed. */
export function TemplateForm({ template, onClose }: TemplateFormProps) {
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const { values, set, errors, pending, submit } = useEntityForm<Field>({
    fields: FIELDS,
    initial: () => ({
      name: template?.name ?? '',
      description: template?.description ?? '',
      subject: template?.subject ?? '',
      body: template?.body ?? '',
      status: template?.status ?? 'active',
    }),
    schema: createEmailTemplateBody,
    create: (body) => create.mutateAsync({ ...body, status: body.status as EmailTemplate['status'] }),
    update: template
      ? (changes) => update.mutateAsync({ id: template.id, changes: changes as UpdateEmailTemplateBody })
      : undefined,
    messages: {
      created: 'Template created',
      updated: 'Template updated',
      createFailed: 'Failed to create template',
      updateFailed: 'Failed to update template',
    },
    onDone: onClose,
  });

  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={template ? 'Edit Template' : 'Create Template'}
      onSubmit={submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : template ? 'Update Template' : 'Create Template'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <FormField label="Name" required error={errors.name}>
          <Input name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} />
        </FormField>
        <FormField label="Description" error={errors.description}>
          <Input name="description" autoComplete="off" value={values.description} onChange={(e) => set('description', e.target.value)} />
        </FormField>
        <FormField label="Subject" required error={errors.subject}>
          <Input name="subject" autoComplete="off" value={values.subject} onChange={(e) => set('subject', e.target.value)} />
        </FormField>
        <FormField label="Body" required error={errors.body} hint="Placeholders such as [Customer Name] are copied as written.">
          <Textarea name="body" rows={10} value={values.body} onChange={(e) => set('body', e.target.value)} />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <Select options={STATUS_OPTIONS} value={values.status} onValueChange={(status) => set('status', status)} />
        </FormField>
      </div>
    </Dialog>
  );
}
