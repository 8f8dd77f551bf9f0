import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/data/load-project.ts';
import { REPO_ROOT } from '../../tests/helpers/fixture-project.ts';
import { TenantDirectory } from './tenant-directory.ts';

const { project } = loadProject(REPO_ROOT);
if (!project) throw new Error('the sample data must be valid');
const directory = new TenantDirectory(project);
const restricted = project.catalogs.get('default')?.products.find((product) => product.restricted);

describe('the tenant directory', () => {
  it('finds a tenant by its company name', () => {
    expect(directory.find('Guardian Automotive Group')?.tenant.id).toBe('guardian');
    expect(directory.find('guardian')).toBeUndefined();
  });

  it('lets an order contain a restricted product only where the storefront lists it', () => {
    expect(restricted).toBeDefined();
    const code = restricted?.code ?? '';
    // guardian and premier share the default catalog; only premier shows restricted products.
    expect(directory.find('Guardian Automotive Group')?.findProduct(code)).toBeUndefined();
    const premier = project.tenants.find((tenant) => tenant.id === 'premier');
    expect(premier?.flags.showRestricted).toBe(true);
    expect(directory.find(premier?.companyName ?? '')?.findProduct(code)?.code).toBe(code);
  });
});
