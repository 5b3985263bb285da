export type SendTargetKind = 'inspection' | 'invoice';

export const sendKeys = {
  activity: (kind: SendTargetKind, id: string) => ['sends', kind, id] as const,
  unviewed: () => ['sends', 'unviewed'] as const,
};
