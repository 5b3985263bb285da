import { useEffect, useRef, useState } from 'react';
import type { EmailTemplate } from '@shared/schemas/email-template';
import { useToast } from '@web/components/ui/toast';

/** The copied state resets after 2 seconds. */
export const COPIED_RESET_MS = 2000;

/** What the clipboard receives: the subject line, a blank line, then the body as written. */
export function templateClipboardText(template: Pick<EmailTemplate, 'subject' | 'body'>): string {
  return `Subject: ${template.subject}\n\n${template.body}`;
}

/** Copies a template to the clipboard; `copied` is true for 2 seconds after a success. */
export function useCopyTemplate(template: Pick<EmailTemplate, 'subject' | 'body'>) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(templateClipboardText(template));
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
      toast({ title: 'Template copied' });
    } catch {
      toast({ title: 'Copy failed', description: 'Failed to copy template to clipboard', variant: 'destructive' });
    }
  };

  return { copied, copy };
}
