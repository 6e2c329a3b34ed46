import './styles/global.css.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { firstReadsAnswered, watchFirstScreen } from './layout/first-screen.ts';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
watchFirstScreen(queryClient);

// The first route's code and loaders come first, and the reads the loaders start (preloaded by the page's HTML) are
// waited for up to a second (index.html's frame shows meanwhile); then the whole first page renders in one
// transition, which React does in slices, letting the browser breathe between them, instead of in one long task
// when the route or the data arrives.
const render = () =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
// A load that fails renders too: the router then shows its error page.
void router
  .load()
  .then(() => firstReadsAnswered(queryClient))
  .then(render, render);
