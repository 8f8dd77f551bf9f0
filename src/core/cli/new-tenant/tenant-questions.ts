import type { Field } from './tenant-fields.ts';

export interface Question {
  field: Field;
  flag: string;
  /** How the answer is named in messages. */
  label: string;
  /** The question as a terminal shows it; the default is shown beside it. */
  message: string;
  /** What Enter keeps in a terminal. */
  fallback: string | undefined;
}

/** The tenant id's question: it comes first, since the route prefix defaults to it and the checks need the file name. */
export const ID_QUESTION = 'Tenant id (lowercase words joined by dashes, e.g. smith-auto; the file name and output folder)';

/** The questions after the id, in the order asked; each default is what the project suggests. */
export function tenantQuestions(id: string | undefined, catalogIds: string[], sharedHostname: string | undefined): Question[] {
  const loneCatalog = catalogIds.length === 1 ? catalogIds[0] : undefined;
  return [
    { field: 'title', flag: '--title', label: 'title', message: 'Title (browser tab and header, e.g. Smith Auto Store)', fallback: undefined },
    {
      field: 'company_name',
      flag: '--company-name',
      label: 'company name',
      message: 'Company name (the order API finds the group by it, e.g. Smith Auto Group)',
      fallback: undefined,
    },
    {
      field: 'route_prefix',
      flag: '--route-prefix',
      label: 'route prefix',
      message: "Route prefix (served under /<prefix>/; '' for the host root)",
      fallback: id,
    },
    {
      field: 'catalog',
      flag: '--catalog',
      label: 'catalog',
      message: `Catalog (${catalogIds.length > 0 ? `one of: ${catalogIds.join(', ')}` : 'none in catalogs/'})`,
      fallback: loneCatalog,
    },
    {
      field: 'server_hostname',
      flag: '--server-hostname',
      label: 'order API address',
      message: 'Order API address (https://…; the storefront places its orders there)',
      fallback: sharedHostname,
    },
  ];
}

/**
 * The value a question starts from: its flag; left out without a terminal, the route prefix is
 * the id and the order API address the one the other tenants use (there is normally one order
 * API; the output says which). A terminal asks for both, Enter keeping that default. The catalog
 * is asked for or required: a lone catalog is offered, not assumed.
 */
export function startingValue(question: Question, flag: string | undefined, interactive: boolean): string | undefined {
  const quiet = !interactive && (question.field === 'route_prefix' || question.field === 'server_hostname');
  return flag ?? (quiet ? question.fallback : undefined);
}
