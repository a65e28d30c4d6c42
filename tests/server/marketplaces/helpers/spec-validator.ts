import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';

/**
 * Validates sandbox answers against the marketplaces' own OpenAPI documents, so the sandbox cannot drift
 * from the real services. OpenAPI 3.0 schemas are adapted to JSON Schema 2019-09 (nullable, boolean
 * exclusiveMinimum), and every object schema gets `unevaluatedProperties: false` (unless the spec says
 * otherwise): the sandbox may leave fields out, as the real services do, but may not invent any.
 */

export const specsDir = path.resolve(
  process.env.MARKETPLACE_SPECS_DIR ??
    path.join(import.meta.dirname, '../../../../../shared/reference/marketplace-specs'),
);
/** Only a developer without shared/ beside the repo may skip these; CI always has it and must run them. */
export const specsAvailable = existsSync(specsDir) || process.env.CI === 'true';

export const specFiles = {
  OZON: path.join(specsDir, 'ozon/seller-api.swagger.json'),
  WILDBERRIES: path.join(specsDir, 'wildberries/02-products.yaml'),
  /** Reports (statistics, analytics): the goods-return report the returns import reads. */
  WILDBERRIES_REPORTS: path.join(specsDir, 'wildberries/12-reports.yaml'),
  /** Marketplace (FBS): assembly tasks and their statuses, which the postings import reads. */
  WILDBERRIES_ORDERS: path.join(specsDir, 'wildberries/03-orders-fbs.yaml'),
  YM: path.join(specsDir, 'yandex-market/openapi/openapi.yaml'),
} as const;

// A reference used as an allOf member must stay open: its siblings in the allOf add the other fields.
const LOOSE = '?allof-member';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const rawCache = new Map<string, unknown>();
function readDoc(file: string): unknown {
  let doc = rawCache.get(file);
  if (doc === undefined) {
    const text = readFileSync(file, 'utf8');
    doc = file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
    rawCache.set(file, doc);
  }
  return doc;
}

function normalise(node: unknown, allOfMember = false): unknown {
  if (Array.isArray(node)) return node.map((n) => normalise(n));
  if (!isNode(node)) return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = value.map((member) => {
        if (isNode(member) && typeof member.$ref === 'string' && !member.$ref.startsWith('#')) {
          return { ...member, $ref: member.$ref.replace(/(#|$)/, `${LOOSE}$1`) };
        }
        return normalise(member, true);
      });
    } else if (key === 'properties' && isNode(value)) {
      // A map of field names: a field may be called "example" or "nullable" and must survive.
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, normalise(sub)]));
    } else if (key === 'example' || key === 'examples') {
      // Examples are documentation, and some are not valid against their own schema.
      continue;
    } else {
      out[key] = normalise(value);
    }
  }
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const flag = out[`exclusive${bound}`];
    if (typeof flag === 'boolean') {
      if (flag) out[`exclusive${bound}`] = out[bound.toLowerCase()];
      else delete out[`exclusive${bound}`];
      if (flag) delete out[bound.toLowerCase()];
    }
  }
  // OZON writes a few arrays as `type: "array of strings"` (v3PostingProductDetail.jw_uin…): what it means.
  if (out.type === 'array of strings') {
    out.type = 'array';
    out.items = { type: 'string' };
  }
  const isObjectSchema = isNode(out.properties) || Array.isArray(out.allOf);
  if (isObjectSchema && !allOfMember && out.additionalProperties === undefined) out.unevaluatedProperties = false;
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    } else {
      return { anyOf: [out, { type: 'null' }] };
    }
  }
  return out;
}

function loadNormalised(uri: string): Node {
  const url = new URL(uri);
  const loose = url.search === LOOSE;
  url.search = '';
  url.hash = '';
  const doc = readDoc(fileURLToPath(url));
  const schema = normalise(doc, loose) as Node;
  if (loose) delete schema.unevaluatedProperties;
  return schema;
}

const ajv = new Ajv2019({
  strict: false,
  allErrors: true,
  validateSchema: false,
  logger: false,
  loadSchema: async (uri) => loadNormalised(uri),
});
(addFormatsModule as unknown as (a: Ajv2019) => void)(ajv);
for (const format of ['int32', 'int64', 'uint64', 'double', 'float', 'UUID']) ajv.addFormat(format, true);
// Yandex Market's own date formats (DateDdMmYyyy, DateDdMmYyyyHhMmSs): a YYYY-MM-DD there is drift.
ajv.addFormat('date-dd-MM-yyyy', /^\d{2}-\d{2}-\d{4}$/);
ajv.addFormat('date-dd-MM-yyyy-HH-mm-ss', /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);

/** Follows `segments` from a document, through any $ref met on the way; returns an absolute $ref. */
function locate(fileUrl: string, segments: string[]): { url: string; pointer: string; node: unknown } {
  let url = fileUrl;
  let pointer = '';
  let node: unknown = readDoc(fileURLToPath(url));
  const follow = () => {
    while (isNode(node) && typeof node.$ref === 'string') {
      const [file, fragment = ''] = node.$ref.split('#');
      if (file) url = new URL(file, url).toString();
      pointer = fragment;
      node = readDoc(fileURLToPath(url));
      for (const part of pointer.split('/').slice(1))
        node = (node as Node)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
  };
  for (const segment of segments) {
    follow();
    if (!isNode(node) || !(segment in node))
      throw new Error(`spec has no ${segments.join(' → ')} (stopped at ${segment})`);
    node = node[segment];
    pointer += `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  follow();
  return { url, pointer, node };
}

const validators = new Map<string, Promise<ValidateFunction>>();

/**
 * The validator for one operation's answer with `status` ('default' for the spec's catch-all), built
 * from the spec's response schema. Returns undefined when the spec does not declare that status.
 * The JSON body is application/json, or application/problem+json where that is all the spec declares.
 */
export async function responseValidator(
  marketplace: keyof typeof specFiles,
  specPath: string,
  method: 'get' | 'post' | 'put',
  status: number | 'default',
): Promise<ValidateFunction | undefined> {
  const docUrl = pathToFileURL(specFiles[marketplace]).toString();
  let response;
  try {
    response = locate(docUrl, ['paths', specPath, method, 'responses', String(status)]);
  } catch {
    return undefined;
  }
  const content = isNode(response.node) && isNode(response.node.content) ? Object.keys(response.node.content) : [];
  const mediaType = content.includes('application/json')
    ? 'application/json'
    : (content.find((c) => c.endsWith('json')) ?? 'application/json');
  const schema = locate(response.url, [
    ...response.pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')),
    'content',
    mediaType,
    'schema',
  ]);
  const ref = `${schema.url}#${schema.pointer}`;
  let validator = validators.get(ref);
  if (!validator) {
    validator = ajv.compileAsync({ $ref: ref });
    validators.set(ref, validator);
  }
  return validator;
}

export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/**
 * The validator for one operation's JSON request body (the spec's requestBody schema), for checking what
 * the adapters send; undefined when the operation takes no body.
 */
export async function requestBodyValidator(
  marketplace: keyof typeof specFiles,
  specPath: string,
  method: 'get' | 'post' | 'put',
): Promise<ValidateFunction | undefined> {
  const docUrl = pathToFileURL(specFiles[marketplace]).toString();
  let schema;
  try {
    schema = locate(docUrl, ['paths', specPath, method, 'requestBody', 'content', 'application/json', 'schema']);
  } catch {
    return undefined;
  }
  const ref = `${schema.url}#${schema.pointer}`;
  let validator = validators.get(ref);
  if (!validator) {
    validator = ajv.compileAsync({ $ref: ref });
    validators.set(ref, validator);
  }
  return validator;
}

/** The query parameters an operation declares (path-level and its own), by name, with their schemas. */
export function queryParameters(
  marketplace: keyof typeof specFiles,
  specPath: string,
  method: 'get' | 'post' | 'put',
): Map<string, { required: boolean; schema: Node }> {
  const docUrl = pathToFileURL(specFiles[marketplace]).toString();
  const found = new Map<string, { required: boolean; schema: Node }>();
  const lists: unknown[] = [];
  for (const segments of [
    ['paths', specPath, 'parameters'],
    ['paths', specPath, method, 'parameters'],
  ]) {
    try {
      lists.push(locate(docUrl, segments));
    } catch {
      // No parameters at that level.
    }
  }
  for (const list of lists as Array<{ url: string; pointer: string; node: unknown }>) {
    if (!Array.isArray(list.node)) continue;
    for (const entry of list.node as unknown[]) {
      let p = entry;
      let base = list.url;
      // A parameter is often a $ref to a file of its own (YM) or to components (OZON, WB).
      while (isNode(p) && typeof p.$ref === 'string') {
        const [file, fragment = ''] = p.$ref.split('#');
        if (file) base = new URL(file, base).toString();
        let node: unknown = readDoc(fileURLToPath(base));
        for (const part of fragment.split('/').slice(1))
          node = (node as Node)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
        p = node;
      }
      if (!isNode(p) || p.in !== 'query' || typeof p.name !== 'string') continue;
      found.set(p.name, { required: p.required === true, schema: isNode(p.schema) ? p.schema : {} });
    }
  }
  return found;
}
