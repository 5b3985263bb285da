import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InvoicePage } from './share/pages/invoice-page';
import { ReceiptPage } from './share/pages/receipt-page';
import { ReportPage } from './share/pages/report-page';
import { UnknownPage } from './share/pages/unknown-page';
import { parseShareRoute } from './share/lib/route';
import './styles/tokens.css';
import './share/styles/share.css';
import './share/styles/components.css';
import './share/styles/print.css';
import './share/styles/media.css';

// The customer share pages: their own light entry, online only (no service worker, no local
// database, no staff code). The page is chosen from the path; there is no client-side navigation.
function SharePage() {
  const route = parseShareRoute(window.location.pathname);
  switch (route.page) {
    case 'report':
      return <ReportPage token={route.token} />;
    case 'invoice':
      return <InvoicePage token={route.token} />;
    case 'receipt':
      return <ReceiptPage token={route.token} />;
    default:
      return <UnknownPage />;
  }
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SharePage />
    </StrictMode>,
  );
}
