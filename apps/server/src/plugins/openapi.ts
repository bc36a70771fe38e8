/**
 * The API's OpenAPI 3.1 document, generated from the same zod schemas that validate requests and
 * serialise responses (fastify-type-provider-zod's transform, issue 14 item 5), and a reference
 * UI (Swagger UI, served from node_modules, no CDN) at `/api/docs`; the document itself is at
 * `/api/docs/json`. Must be registered before the routes it documents.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Neural Avatars API',
          version: '1.0.0',
          description:
            'AI avatar studio and marketplace on Base. Session cookie authentication (`sid`); writes need a same-site Origin.',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
        },
      },
      transform: jsonSchemaTransform,
      // Only the API: static files, the SPA fallback and the docs themselves stay out.
      hideUntagged: false,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
    });
  },
  { name: 'openapi' },
);
