import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../data/schema-validator.ts';
import { parseYamlSource } from '../../data/yaml-source.ts';
import { readTenantSchema, tenantFileText, type TenantSchema } from './tenant-template.ts';

const ANSWERS = {
  title: 'Smith Auto Store',
  company_name: 'Smith Auto Group',
  route_prefix: 'smith-auto',
  server_hostname: 'https://orders.smith-auto.example',
  catalog: 'default',
};

/** The file with every `# key: …` line of a top-level field, and the lines under it, uncommented. */
function uncommented(text: string, keys: string[]): string {
  let open = false;
  return text
    .split('\n')
    .map((line) => {
      const key = /^# ([a-z_]+):/.exec(line)?.[1];
      if (key !== undefined) open = keys.includes(key);
      else if (!line.startsWith('#   ')) open = false;
      return open ? line.slice(2) : line;
    })
    .join('\n');
}

describe('the tenant file template', () => {
  it('takes its fields and their comments from the schema: a field added there shows up, described and commented out', () => {
    const schema = readTenantSchema();
    const grown: TenantSchema = {
      ...schema,
      properties: {
        ...schema.properties,
        welcome_banner: { description: 'A line of welcome shown above the categories.', type: 'string', examples: ['Spring sale'] },
      },
    };
    const text = tenantFileText('smith-auto', ANSWERS, grown);
    expect(text).toContain('# A line of welcome shown above the categories.\n# welcome_banner: Spring sale\n');
    expect(tenantFileText('smith-auto', ANSWERS, schema)).not.toContain('welcome_banner');
  });

  it('writes each required field with its answer under the schema description, and leaves one without an answer out', () => {
    const schema: TenantSchema = {
      required: ['title', 'catalog'],
      properties: { title: { description: 'What the tab says.', type: 'string' }, catalog: { description: 'Which catalog.', type: 'string' } },
    };
    const text = tenantFileText('smith-auto', { title: 'Smith Auto Store' }, schema);
    expect(text).toContain('# What the tab says.\ntitle: Smith Auto Store\n');
    expect(text).not.toMatch(/catalog/);
  });

  it('leaves secrets empty and commented out, after a paragraph saying why', () => {
    const text = tenantFileText('smith-auto', ANSWERS);
    for (const secret of ['password', 'admin_password', 'bypass_codes']) {
      expect(text).toMatch(new RegExp(`^# ${secret}:( \\[\\])?$`, 'm'));
      expect(text).not.toMatch(new RegExp(`^${secret}:`, 'm'));
    }
    expect(text.indexOf('Secrets are left out on purpose')).toBeLessThan(text.indexOf('# password:'));
  });

  it('gives every optional field but the secrets an example that, uncommented, passes the tenant schema', () => {
    const schema = readTenantSchema();
    const secrets = ['password', 'admin_password', 'bypass_codes'];
    const optional = Object.keys(schema.properties).filter((key) => !schema.required?.includes(key) && !secrets.includes(key));
    const text = uncommented(tenantFileText('smith-auto', ANSWERS), optional);
    const data = parse(text) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      Object.keys(schema.properties)
        .filter((key) => !secrets.includes(key))
        .sort(),
    );
    expect(validateAgainstSchema(parseYamlSource('tenants/smith-auto.yaml', text), 'tenant')).toEqual([]);
    expect(data.stores).toEqual([{ name: 'Main Street Ford', address: '100 Main St, Springfield', code: 'MSFRD1' }]);
  });
});
