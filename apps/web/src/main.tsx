import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createAppRouter } from './app/router';
import { wireHttp } from './app/wireHttp';
import { initI18n } from './i18n';
import { detectLocale } from './i18n/detect';
import { installGlobalErrorCapture } from './lib/errorLog';
import './styles/global.css';

installGlobalErrorCapture();
wireHttp();

const root = createRoot(document.getElementById('root') as HTMLElement);

initI18n(detectLocale()).then(() => {
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
