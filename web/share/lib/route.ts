export type ShareRoute =
  | { page: 'report'; token: string }
  | { page: 'invoice'; token: string }
  | { page: 'receipt'; token: string }
  | { page: 'unknown' };

const PAGES = new Map([
  ['mpi', 'report'],
  ['invoice', 'invoice'],
  ['receipt', 'receipt'],
] as const);

/** Picks the page from the path: /mpi/{token}, /invoice/{token} or /receipt/{token}. */
export function parseShareRoute(pathname: string): ShareRoute {
  const [, prefix = '', token = '', ...rest] = pathname.replace(/\/+$/, '').split('/');
  const page = PAGES.get(prefix as 'mpi');
  if (!page || rest.length > 0) return { page: 'unknown' };
  return { page, token: safeDecode(token) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
