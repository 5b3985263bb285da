import { countOf } from '../../../../shared/plural';
import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import type { EmailTemplate } from '../../../../shared/schemas/email-template';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { useDeleteEmailTemplate } from '../../../entities/email-templates/delete-email-template';
import { TEMPLATES_PAGE_SIZE, useEmailTemplates } from '../../../entities/email-templates/get-email-templates';
import styles from './email-templates.module.css';
import { TemplateCard } from './template-card';
import { TemplateForm } from './template-form';
import { useOnline } from '../../../lib/use-online';
import { UsageInstructions } from './usage-instructions';

type Editing = { template: EmailTemplate | undefined } | null;

/** Email templates: every role views and copies; admins create, edit and delete. */
export function EmailTemplatesSection() {
  const { toast } = useToast();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const online = useOnline();
  const [page, setPage] = useState(0);
  const templates = useEmailTemplates({ page });
  const remove = useDeleteEmailTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const items = templates.data?.items ?? [];
  const total = templates.data?.total ?? 0;
  const first = total === 0 ? 0 : page * TEMPLATES_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * TEMPLATES_PAGE_SIZE);
  const createButton = isAdmin ? (
    <Button onClick={() => setEditing({ template: undefined })}>
      <Plus aria-hidden="true" /> Create Template
    </Button>
  ) : null;

  return (
    <section className={styles.section} aria-labelledby="templates-heading">
      <div className={styles.header}>
        <div>
          <h1 id="templates-heading" className={styles.heading}>
            Email Templates
          </h1>
          <p className={styles.lead}>Copy a template into your e-mail; nothing is sent from Baywise.</p>
        </div>
        {createButton}
      </div>
      {online ? null : (
        <p role="status" className={styles.offline}>
          You&apos;re offline. Email templates need a connection; the list may be out of date.
        </p>
      )}
      <UsageInstructions />
      {templates.isPending ? (
        <LoadingBlock text="Loading templates..." />
      ) : templates.isError ? (
        <p role="alert" className={styles.error}>
          Templates could not be loaded. They need a connection.
          <Button variant="secondary" size="sm" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Mail}
          title="No templates yet"
          description={isAdmin ? 'Create your first email template.' : 'An administrator can add email templates.'}
          action={createButton}
        />
      ) : (
        <>
          <ul className={styles.grid} aria-label="Templates" aria-busy={templates.isPlaceholderData}>
            {items.map((template) => (
              <li key={template.id}>
                <TemplateCard
                  template={template}
                  onEdit={isAdmin ? () => setEditing({ template }) : undefined}
                  onDelete={isAdmin ? () => setDeleting(template.id) : undefined}
                />
              </li>
            ))}
          </ul>
          {total > TEMPLATES_PAGE_SIZE ? (
            <nav className={styles.pager} aria-label="Pages of templates">
              <p aria-live="polite">
                Showing {first}–{last} of {countOf(total, 'template', 'templates')}
              </p>
              <div className={styles.pagerButtons}>
                <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <Button variant="secondary" disabled={last >= total} onClick={() => setPage(page + 1)}>
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      )}
      {editing ? <TemplateForm template={editing.template} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you sure you want to delete this template?"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast({ title: 'Template deleted' });
              // The last card of a later page: step back a page.
              if (items.length === 1 && page > 0) setPage(page - 1);
            },
            onError: () => toast({ title: 'Error', description: 'Failed to delete template', variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </section>
  );
}
