/** A 400 validation answer's issues, as the error handler lists them. */
function issuesIn(res: { json(): unknown }): { path: string; message: string }[] {
  return (res.json() as { issues?: { path: string; message: string }[] }).issues ?? [];
}

/** The messages of a 400 validation answer, by field. */
export function issuesByPath(res: { json(): unknown }): Record<string, string> {
  return Object.fromEntries(issuesIn(res).map((i) => [i.path, i.message]));
}

/** The messages of a 400 validation answer, in order. */
export function issueMessages(res: { json(): unknown }): string[] {
  return issuesIn(res).map((i) => i.message);
}
