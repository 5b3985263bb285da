import { TEMPLATE_STATUSES } from '@shared/constants';
import {
  createEmailTemplateBody,
  type EmailTemplate,
  type UpdateEmailTemplateBody,
} from '@shared/schemas/email-template';
import { SelectField, TextareaField, TextField } from '@web/components/form-dialog/fields';
import { FormDialog } from '@web/components/form-dialog/form-dialog';
import { useEntityForm } from '@web/components/form-dialog/use-entity-form';
import { humanize } from '@web/lib/format';
import { useCreateEmailTemplate } from '@web/entities/email-templates/create-email-template';
import { useUpdateEmailTemplate } from '@web/entities/email-templates/update-email-template';

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
  const form = useEntityForm<Field>({
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
    <FormDialog
      form={form}
      wide
      title={template ? 'Edit Template' : 'Create Template'}
      submitLabel={template ? 'Update Template' : 'Create Template'}
      onClose={onClose}
    >
      <TextField form={form} name="name" label="Name" required autoComplete="off" />
      <TextField form={form} name="description" label="Description" autoComplete="off" />
      <TextField form={form} name="subject" label="Subject" required autoComplete="off" />
      <TextareaField
        form={form}
        name="body"
        label="Body"
        required
        rows={10}
        hint="Placeholders such as [Customer Name] are copied as written."
      />
      <SelectField form={form} name="status" label="Status" options={STATUS_OPTIONS} />
    </FormDialog>
  );
}
