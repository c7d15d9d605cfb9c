// First: it starts fetching the signed-in app before the rest is evaluated.
import './app/preload-signed-in-app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followAppLanguage } from './features/auth/amplify-language';
import { configureAmplify } from './lib/amplify';
import { i18n } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element.');
}
const root = createRoot(container);

// The config decides where sign-in and API calls go, so nothing renders before it is known.
void loadRuntimeConfig().then((configResult) => {
  if (configResult.ok) {
    configureAmplify(configResult.config);
    followAppLanguage(i18n);
  }
  root.render(
    <StrictMode>
      <App configResult={configResult} />
    </StrictMode>,
  );
});
