/** The required fields of a tenant file that the command asks for, in the order asked. */
export type Field = 'title' | 'company_name' | 'route_prefix' | 'server_hostname' | 'catalog';

/** Answers given so far, keyed by the tenant file's field names. */
export type Answers = Partial<Record<Field, string>>;

/** Strict kebab-case: the id is a file name, an output folder and the default route prefix. */
export const TENANT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
