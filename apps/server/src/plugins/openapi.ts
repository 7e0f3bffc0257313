import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { appVersion } from '../lib/paths.ts';
import { webhookDocs } from './openapi-webhooks.ts';

/** `GET /api/admin/users/:id` → `getAdminUsersById`. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/_-]/)
    .filter(Boolean)
    .flatMap((w) => (w.startsWith(':') || w.startsWith('{') ? ['by', w.replace(/[:{}]/g, '')] : [w]));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** The OpenAPI document built from the route schemas: JSON at /api/openapi.json, a browsable page at /api/docs. */
async function openapiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rewards Hub API',
        version: appVersion,
        description: "The app's own API, and the public v1 API for API tokens (`/api/v1`, tag v1). Outgoing webhook events are under Webhooks.",
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      webhooks: webhookDocs(),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'rh_',
            description: 'An API token made on the Developers screen (`rh_...`): the /api/v1 calls only.',
          },
        },
      },
    },
    // Every operation states its security (a public one: none) and has an operationId; a route
    // that names none gets one from its method and path (unique, as they are).
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      const schema = out.schema as { security?: unknown; operationId?: string; hide?: boolean };
      if (!schema.hide) {
        schema.security ??= [];
        schema.operationId ??= operationIdOf(String(args.route.method), args.url);
      }
      return out;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The tags start folded: with every operation open (Swagger UI's default, 'list') the page of some
    // two hundred operations stopped rendering part-way in Chromium; a tag opens with a click.
    uiConfig: { docExpansion: 'none' },
    staticCSP: true,
    // Swagger UI sets inline styles on its elements.
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
