import { Check, Copy, Pencil, Trash2 } from 'lucide-react';
import { TEMPLATE_PREVIEW_LENGTH, type EmailTemplate } from '@shared/schemas/email-template';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { StatusBadge } from '@web/components/ui/status-badge';
import styles from './email-templates.module.css';
import { useCopyTemplate } from './use-copy-template';

/** The body cut after 200 characters with '...'; the edit dialog shows all of it. */
export function previewOf(body: string): string {
  return body.length > TEMPLATE_PREVIEW_LENGTH ? `${body.slice(0, TEMPLATE_PREVIEW_LENGTH)}...` : body;
}

export interface TemplateCardProps {
  template: EmailTemplate;
  /** Admins only: without these the edit and delete buttons are not shown. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

export function TemplateCard({ template, onEdit, onDelete }: TemplateCardProps) {
  const { copied, copy } = useCopyTemplate(template);
  return (
    <Card data-testid="template-card" role="article" aria-label={template.name} className={styles.card}>
      <CardHeader actions={<StatusBadge family="template" status={template.status} />}>
        <CardTitle as="h2">{template.name}</CardTitle>
        {template.description ? <CardDescription>{template.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={styles.cardBody}>
        <p className={styles.subject} data-testid="template-subject">
          <span className={styles.label}>Subject:</span> {template.subject}
        </p>
        <p className={styles.preview} data-testid="template-preview">
          {previewOf(template.body)}
        </p>
      </CardContent>
      <CardFooter className={styles.cardActions}>
        <Button
          variant="secondary"
          onClick={() => void copy()}
          aria-label={copied ? `Copied ${template.name}` : `Copy ${template.name}`}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        {onEdit ? (
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            <Pencil aria-hidden="true" />
          </Button>
        ) : null}
        {onDelete ? (
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${template.name}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
