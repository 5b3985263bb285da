import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import type { EmailTemplate } from '../../../../shared/schemas/email-template';
import { CardGrid } from '../../../components/list-layout/card-grid';
import { ListLayout, ListNotice } from '../../../components/list-layout/list-layout';
import { ListStates } from '../../../components/list-layout/list-states';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { useDeleteEmailTemplate } from '../../../entities/email-templates/delete-email-template';
import { TEMPLATES_PAGE_SIZE, useEmailTemplates } from '../../../entities/email-templates/get-email-templates';
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
  const createButton = isAdmin ? (
    <Button onClick={() => setEditing({ template: undefined })}>
      <Plus aria-hidden="true" /> Create Template
    </Button>
  ) : null;

  return (
    <ListLayout
      id="templates"
      title="Email Templates"
      lead="Copy a template into your e-mail; nothing is sent from Baywise."
      action={createButton}
    >
      {online ? null : (
        <ListNotice>You&apos;re offline. Email templates need a connection; the list may be out of date.</ListNotice>
      )}
      <UsageInstructions />
      <ListStates
        pending={templates.isPending}
        loadingText="Loading templates..."
        failed={templates.isError}
        error="Templates could not be loaded. They need a connection."
        errorAction={
          <Button variant="secondary" size="sm" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        }
        empty={items.length === 0}
        emptyState={{
          icon: Mail,
          title: 'No templates yet',
          description: isAdmin ? 'Create your first email template.' : 'An administrator can add email templates.',
          action: createButton,
        }}
      >
        <CardGrid label="Templates" items={items} align="fill" busy={templates.isPlaceholderData}>
          {(template) => (
            <TemplateCard
              template={template}
              onEdit={isAdmin ? () => setEditing({ template }) : undefined}
              onDelete={isAdmin ? () => setDeleting(template.id) : undefined}
            />
          )}
        </CardGrid>
        <Pager
          page={page}
          pageSize={TEMPLATES_PAGE_SIZE}
          total={total}
          noun={['template', 'templates']}
          onPage={setPage}
          onlyWhenPaged
        />
      </ListStates>
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
    </ListLayout>
  );
}
