import type { App } from '../app';

/** A JSON schema as @fastify/swagger writes it for a zod schema. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** One `/api` route as the OpenAPI document describes it. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. `/api/leave/requests/{referenceId}/cancel`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON body's schema, when the route declares one. */
  body: JsonSchema | undefined;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every `/api` route the app serves, from its OpenAPI document: a table that grows by itself
 * when a module adds a route, for tests that must hold for all of them.
 */
export async function apiRoutes(app: App): Promise<ApiRoute[]> {
  await app.ready();
  const document = (
    app as unknown as { swagger(): { paths: Record<string, Record<string, OpenApiOperation>> } }
  ).swagger();
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** The route's URL with each path parameter filled in (encoded) from `values`, or `1`. */
export function urlOf(route: ApiRoute, values: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? '1'));
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}
