import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouter } from './app/router';
import { startI18n } from './i18n/i18n';
import './styles/devanagari.css';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');
// The router first: it starts loading this address's screen while the language starts.
const router = createRouter();
// The language's catalogs first (English is bundled; another language is one fetch), so the first
// screen shows no other language. A transition: React renders it in short slices.
void startI18n().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  ),
);
