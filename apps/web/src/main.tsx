import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/router';
import { wireHttp } from './app/wireHttp';
import { initI18n } from './i18n';
import { detectLocale } from './i18n/detect';
import { installGlobalErrorCapture } from './lib/errorLog';
import './styles/global.css';

installGlobalErrorCapture();
wireHttp();

const root = createRoot(document.getElementById('root') as HTMLElement);

initI18n(detectLocale()).then(() => {
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
