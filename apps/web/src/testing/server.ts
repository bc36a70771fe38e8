import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The mocked network of the web tests. Tests add handlers with `server.use(...)`; any other /api
 * call answers 404 JSON, like the real server's unknown routes, so no test reaches the real network.
 */
export const server = setupServer(
  http.all('*/api/*', () => HttpResponse.json({ error: 'Not found' }, { status: 404 })),
);
