import fc from 'fast-check';

/** An OpenAPI operation as the fuzzer needs it. */
export interface Operation {
  method: string;
  path: string;
  params: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
  multipart: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of the API's OpenAPI document (the docs' own routes left out). */
export function operationsOf(doc: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/** Values that break assumptions: wrong types, edges of numbers, long and odd strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '0',
    '-0',
    '1e400',
    '0x10',
    'NaN',
    '1'.repeat(80),
    `0.${'0'.repeat(40)}1`,
    '9'.repeat(30),
    '__proto__',
    '../../etc/passwd',
    'ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ',
    '\u0000',
    'a'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
    [],
    {},
    { $gt: '' },
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.integer(),
);

/** A body for a schema: each field hostile, missing, or left out, and sometimes extra fields. */
export function hostileBody(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema?.properties ?? {});
  const object = fc
    .tuple(
      fc.subarray(fields),
      fc.array(hostileValue, { minLength: fields.length, maxLength: fields.length }),
      fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 })),
    )
    .map(([kept, values, extra]) => ({
      ...(extra ?? {}),
      ...Object.fromEntries(kept.map((f) => [f, values[fields.indexOf(f)]])),
    }));
  return fc.oneof({ weight: 4, arbitrary: object }, { weight: 1, arbitrary: hostileValue });
}

/** A path segment: hostile text, or an id that belongs to somebody else. */
export const hostileSegment = (foreignIds: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...foreignIds),
    hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x'))),
  );
