// Every URL of the web app, in one place.

export const SECTIONS = [
  'dashboard',
  'customers',
  'vehicles',
  'invoices',
  'deferred',
  'reports',
  'users',
  'email-templates',
  'settings',
] as const;
export type Section = (typeof SECTIONS)[number];

export function sectionFrom(value: string | null): Section {
  return (SECTIONS as readonly string[]).includes(value ?? '') ? (value as Section) : 'dashboard';
}

export const paths = {
  auth: '/auth',
  /** An empty shop's first administrator, with the setup code the server printed. */
  setup: '/setup',
  home: (section?: Section) => (section && section !== 'dashboard' ? `/?section=${section}` : '/'),
  user: (id: string) => `/users/${id}`,
  invite: (token: string) => `/invite/${token}`,
  report: (shareToken: string) => `/mpi/${shareToken}`,
  invoice: (shareToken: string) => `/invoice/${shareToken}`,
  receipt: (shareToken: string) => `/receipt/${shareToken}`,
};

export const EXTERNAL_LINKS = {
  vinDecoder: 'https://vpic.nhtsa.dot.gov/decoder/',
  allData: 'https://my.alldata.com/',
};
