import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import responseValidator, { type OpenAPIResponseValidatorArgs } from 'openapi-response-validator';
import { openApiDocument } from '../../adapters/http/openapi.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';

/**
 * Judges the service's answers against its OpenAPI document, as a validating proxy in front of the
 * service would: an answer to a documented operation must have a documented status, and its body
 * the schema of that status. Requests to paths the document does not name (a deliberately unknown
 * URL, a page) are not judged.
 */

/** One answer judged: which operation it was, what came back, and what is wrong with it, if anything. */
export interface CheckedAnswer {
  readonly operationId: string;
  readonly method: string;
  /** The path as sent, without its query. */
  readonly path: string;
  readonly status: number;
  readonly ok: boolean;
  readonly problem?: string;
}

type Document = {
  readonly paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  readonly components: Record<string, unknown>;
};

/** The package is CommonJS with a `default` export; a loader may or may not unwrap it. */
type Validator = InstanceType<typeof responseValidator.default>;
const ResponseValidator: typeof responseValidator.default =
  (responseValidator as { default?: typeof responseValidator.default }).default ??
  (responseValidator as unknown as typeof responseValidator.default);

interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly pattern: RegExp;
  /** Literal segments first, so `/calls/open` is not read as `/calls/{callId}`. */
  readonly parameters: number;
  readonly responses: Record<string, unknown>;
  validator?: Validator;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The formats the document uses, judged as the service writes them. */
const FORMATS = {
  uuid: (value: string) => UUID.test(value),
  'date-time': (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  date: (value: string) => DATE.test(value),
  uri: (value: string) => URL.canParse(value),
};

/** The checker of one document: `check` judges an answer, or says it is not one of the document's operations. */
export class OpenApiCheck {
  readonly #operations: readonly Operation[];
  readonly #components: Record<string, unknown>;

  constructor(document: Document) {
    // A copy free of TypeBox's symbols, which the validator needs not see.
    const plain = JSON.parse(JSON.stringify(document)) as Document;
    this.#components = plain.components;
    this.#operations = Object.entries(plain.paths)
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}$`),
          parameters: (template.match(/\{/g) ?? []).length,
          responses: operation.responses,
        })),
      )
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** The operations of the document, by id. */
  get operationIds(): readonly string[] {
    return this.#operations.map((operation) => operation.operationId);
  }

  /** The judgement of one answer; null when no operation of the document has that method and path. */
  check(method: string, path: string, status: number, body: unknown): CheckedAnswer | null {
    const bare = path.split(/[?#]/)[0]!;
    const upper = method.toUpperCase();
    const operation = this.#operations.find((candidate) => candidate.method === upper && candidate.pattern.test(bare));
    if (operation === undefined) return null;
    const answer = { operationId: operation.operationId, method: upper, path: bare, status };
    if (operation.responses[String(status)] === undefined) return { ...answer, ok: false, problem: `status ${status} is not documented` };
    operation.validator ??= new ResponseValidator({
      responses: operation.responses as OpenAPIResponseValidatorArgs['responses'],
      components: this.#components as OpenAPIResponseValidatorArgs['components'],
      customFormats: FORMATS,
    });
    // The validator fills in defaults as it goes; the answer the test reads stays as it came.
    const failure = operation.validator.validateResponse(status, body === undefined ? undefined : structuredClone(body));
    if (failure === undefined) return { ...answer, ok: true };
    const problems = (failure.errors as { path?: string; message: string }[]).map(({ path: at, message }) =>
      at ? `${at}: ${message}` : message,
    );
    return { ...answer, ok: false, problem: `body: ${problems.slice(0, 3).join('; ')}` };
  }
}

let shared: OpenApiCheck | undefined;

/** The checker of the document the route table makes, built once per process. */
export function routeTableCheck(): OpenApiCheck {
  shared ??= new OpenApiCheck(openApiDocument(ROUTES) as Document);
  return shared;
}

/** The environment variable that names the folder of the record; unset, nothing is judged. */
export const REPORT_VARIABLE = 'CAD_OPENAPI_REPORT';

/** Judges an answer and appends it to this process's file in `folder`, one JSON line per judged answer. */
export function recordAnswer(folder: string, method: string, path: string, status: number, body: unknown): void {
  const checked = routeTableCheck().check(method, path, status, body);
  if (checked === null) return;
  mkdirSync(folder, { recursive: true });
  appendFileSync(join(folder, `answers-${process.pid}.jsonl`), `${JSON.stringify(checked)}\n`);
}
