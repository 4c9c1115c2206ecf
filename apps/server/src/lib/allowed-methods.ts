/** A route as registered: its method and its URL pattern (`/api/v1/orders/spot/:id`). */
interface RoutePattern {
  method: string;
  url: string;
}

const toRegExp = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/**
 * The methods the API takes at a concrete path (RFC 9110 `Allow`), HEAD with GET as Fastify
 * answers it; empty for a path it does not have. Worked out once per route list.
 */
export function allowedMethodsOf(routes: readonly RoutePattern[]): (path: string) => string[] {
  const patterns = routes.map((r) => ({ method: r.method, match: toRegExp(r.url) }));
  return (path) => {
    const methods = new Set(patterns.filter((p) => p.match.test(path)).map((p) => p.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
