import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchInstallOffer } from './app/pwa/install-offer';
import { registerServiceWorker } from './app/pwa/register-sw';
import './styles/global.css';

// The staff app only: the share pages (share.tsx) are online-only and never register a worker.
watchInstallOffer();
registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
