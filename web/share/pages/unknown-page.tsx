export function UnknownPage() {
  return (
    <main className="state">
      <h1>404 Page Not Found</h1>
    </main>
  );
}
