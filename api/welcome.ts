/** What `npm start` prints once the server listens: where to go, and how to begin on an empty shop. */
export function welcomeText({
  url,
  adminEmail,
  hasUsers,
}: {
  url: string;
  adminEmail: string;
  hasUsers: boolean;
}): string {
  const lines = [``, `Baywise is running at ${url}`];
  if (!hasUsers) {
    lines.push(
      ``,
      `The database is empty. To begin, either:`,
      `  - load the demo shop: stop the server, run \`npm run db:seed -- --demo\` and start it again`,
      `    (it prints the demo sign-ins and their shared password), or`,
      `  - create the shop's admin: open ${url}/auth, choose Sign Up and register with ${adminEmail}`,
      `    (set ADMIN_EMAIL to use another address).`,
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
