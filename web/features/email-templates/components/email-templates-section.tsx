import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import type { EmailTemplate } from '@shared/schemas/email-template';
import { CardGrid } from '@web/components/list-layout/card-grid';
import { ListLayout, ListNotice } from '@web/components/list-layout/list-layout';
import { ListStates } from '@web/components/list-layout/list-states';
import { Button } from '@web/components/ui/button';
import { Pager } from '@web/components/ui/pager';
import { useConfirmDelete } from '@web/components/ui/confirm-delete';
import { useCurrentUser } from '@web/lib/current-user';
import { useDeleteEmailTemplate } from '@web/entities/email-templates/delete-email-template';
import { TEMPLATES_PAGE_SIZE, useEmailTemplates } from '@web/entities/email-templates/get-email-templates';
import { TemplateCard } from './template-card';
import { TemplateForm } from './template-form';
import { useOnline } from '@web/lib/use-online';
import { UsageInstructions } from './usage-instructions';

type Editing = { template: EmailTemplate | undefined } | null;

/** Email templates: every role views and copies; admins create, edit and delete. */
export function EmailTemplatesSection() {
  const isAdmin = useCurrentUser()?.role === 'admin';
  const online = useOnline();
  const [page, setPage] = useState(0);
  const templates = useEmailTemplates({ page });
  const remove = useDeleteEmailTemplate();
  const [editing, setEditing] = useState<Editing>(null);

  const items = templates.data?.items ?? [];
  const total = templates.data?.total ?? 0;
  const confirmDelete = useConfirmDelete(remove, {
    noun: 'template',
    // The last card of a later page: step back a page.
    onDeleted: () => {
      if (items.length === 1 && page > 0) setPage(page - 1);
    },
  });
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
              onDelete={isAdmin ? () => confirmDelete.ask(template.id) : undefined}
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
      {confirmDelete.dialog}
    </ListLayout>
  );
}
