import { useState, type FormEvent } from 'react';
import { TEMPLATE_STATUSES } from '../../../../shared/constants';
import { createEmailTemplateBody, type EmailTemplate } from '../../../../shared/schemas/email-template';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { humanize } from '../../../lib/format';
import { useCreateEmailTemplate } from '../api/create-email-template';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import styles from './email-templates.module.css';

const FIELDS = ['name', 'description', 'subject', 'body', 'status'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const STATUS_OPTIONS = TEMPLATE_STATUSES.map((value) => ({ value, label: humanize(value) }));

export interface TemplateFormProps {
  /** The template being edited; none to create one. */
  template: EmailTemplate | undefined;
  onClose: () => void;
}

/** Create / edit a template (admins); messages come from the shared schema. An edit sends only what changed. */
export function TemplateForm({ template, onClose }: TemplateFormProps) {
  const { toast } = useToast();
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const [initial] = useState<Values>(() => ({
    name: template?.name ?? '',
    description: template?.description ?? '',
    subject: template?.subject ?? '',
    body: template?.body ?? '',
    status: template?.status ?? 'active',
  }));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const pending = create.isPending || update.isPending;
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = validate<typeof createEmailTemplateBody, Field>(createEmailTemplateBody, values);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const body = { ...values, status: values.status as EmailTemplate['status'] };
    if (template) {
      const changes = Object.fromEntries(FIELDS.filter((f) => values[f] !== initial[f]).map((f) => [f, body[f]]));
      update.mutate(
        { id: template.id, changes },
        {
          onSuccess: () => {
            toast({ title: 'Template updated' });
            onClose();
          },
          onError: () => toast({ title: 'Error', description: 'Failed to update template', variant: 'destructive' }),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Template created' });
          onClose();
        },
        onError: () => toast({ title: 'Error', description: 'Failed to create template', variant: 'destructive' }),
      });
    }
  };

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
