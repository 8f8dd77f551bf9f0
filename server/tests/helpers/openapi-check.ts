import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Checks an answer of the order API against the OpenAPI document that same API serves
 * (`GET /v1/openapi.json`): its status must be one the document lists for the path and method,
 * its body must match that status's schema, and the headers the document requires of that
 * answer must be there, with values their schemas allow. An unknown path must be a 404, a method the
 * path does not have a 405, both with the document's Error body. test-api.ts runs this on
 * every answer, so each contract suite also proves the published contract.
 */

export const OPENAPI_PATH = '/v1/openapi.json';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, { $ref: string }> }> }>
  >;
  components: { headers: Record<string, { required?: boolean; schema?: { type?: string } }> };
}

/** The document of one API, compiled: one per distinct document text, shared by every API serving it. */
class ContractCheck {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private static readonly ID = 'https://order-api.test/v1/openapi.json';

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema({ ...document, $id: ContractCheck.ID });
  }

  /** A sentence saying how the answer breaks the contract, or undefined when it keeps it. */
  problem(method: string, path: string, status: number, body: unknown, headers: Headers): string | undefined {
    const answered = `${method} ${path} answered ${status} ${JSON.stringify(body)}`;
    const item = this.document.paths[path];
    if (!item)
      return status === 404
        ? this.bodyProblem(answered, '/components/schemas/Error', body)
        : `${answered}, but the OpenAPI document has no path ${path} (an unknown path must be 404)`;
    const operation = item[method.toLowerCase()];
    if (!operation)
      return status === 405
        ? method === 'HEAD'
          ? undefined // a HEAD answer has no body to check
          : this.bodyProblem(answered, '/components/schemas/Error', body)
        : `${answered}, but the OpenAPI document has no ${method} ${path} (another method must be 405)`;
    const response = operation.responses[String(status)];
    if (!response) return `${answered}, a status the OpenAPI document does not list for it (it lists ${Object.keys(operation.responses).join(', ')})`;
    const at = `/paths/${pointerSegment(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    const bodyProblem = response.content?.['application/json']?.schema === undefined ? undefined : this.bodyProblem(answered, at, body);
    return bodyProblem ?? this.headerProblem(answered, response.headers ?? {}, headers);
  }

  /** Headers are named by reference to components/headers (order-api-openapi.ts). */
  private headerProblem(answered: string, declared: Record<string, { $ref: string }>, headers: Headers): string | undefined {
    for (const [name, { $ref }] of Object.entries(declared)) {
      const pointer = $ref.replace(/^#/, '');
      const header = this.document.components.headers[decodeURIComponent(pointer.split('/').at(-1)!)];
      const value = headers.get(name);
      if (value === null) {
        if (header?.required) return `${answered} without the header ${name}, which the OpenAPI document requires of it`;
        continue;
      }
      const problem = this.bodyProblem(`${answered} with ${name}: ${value}`, `${pointer}/schema`, header?.schema?.type === 'integer' ? Number(value) : value);
      if (problem) return problem;
    }
    return undefined;
  }

  private bodyProblem(answered: string, pointer: string, body: unknown): string | undefined {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${ContractCheck.ID}#${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || 'the value'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`,
    );
    return `${answered}, which does not match the OpenAPI document's schema at #${pointer}: ${[...new Set(errors)].join('; ')}`;
  }
}

function pointerSegment(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

const byText = new Map<string, ContractCheck>();
const byUrl = new Map<string, Promise<ContractCheck>>();

/** The check for the API at `url`, from the document it serves (fetched once per API). */
export function contractCheckOf(url: string): Promise<ContractCheck> {
  let check = byUrl.get(url);
  if (!check) {
    check = (async () => {
      const response = await fetch(`${url}${OPENAPI_PATH}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${OPENAPI_PATH} answered ${response.status}: ${text}`);
      let compiled = byText.get(text);
      if (!compiled) {
        compiled = new ContractCheck(JSON.parse(text) as OpenApiDocument);
        byText.set(text, compiled);
      }
      return compiled;
    })();
    // A failed fetch is not remembered: the next call asks again.
    check.catch(() => byUrl.delete(url));
    byUrl.set(url, check);
  }
  return check;
}

/** Throws, failing the test, when the answer does not keep the contract. */
export function assertKeepsContract(check: ContractCheck, method: string, path: string, answer: { status: number; body: unknown; headers: Headers }): void {
  const problem = check.problem(method, path, answer.status, answer.body, answer.headers);
  if (problem) throw new Error(`The answer breaks the published contract: ${problem}`);
}
