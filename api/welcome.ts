/** What `npm start` prints once the server listens: where to go, and how to begin on an empty shop. */
export function welcomeText({
  url,
  adminEmail,
  setup,
}: {
  url: string;
  adminEmail: string;
  /** The empty shop's setup code and the file that keeps it; undefined once the shop has accounts. */
  setup: { code: string; file: string } | undefined;
}): string {
  const lines = [``, `Baywise is running at ${url}`];
  if (setup) {
    lines.push(
      ``,
      `The database is empty. To begin, either:`,
      `  - create the shop's admin: open ${url}/setup and sign up with`,
      `      setup code  ${setup.code}`,
      `      email       ${adminEmail}  (ADMIN_EMAIL)`,
      `    The code works once and only for the first account; it is also in ${setup.file}.`,
      `  - or load the demo shop: stop the server, run \`npm run db:seed -- --demo\` and start it again`,
      `    (it prints the demo sign-ins and their password, which each person changes at first sign-in).`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The address to print: a wildcard host is reachable on this machine as localhost. */
export function displayUrl(host: string, port: number): string {
  const shown =
    host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
