import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './lib/runtime-config';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element.');
}
const root = createRoot(container);

// The config decides where sign-in and API calls go, so nothing renders before it is known.
void loadRuntimeConfig().then((configResult) => {
  root.render(
    <StrictMode>
      <App configResult={configResult} />
    </StrictMode>,
  );
});
