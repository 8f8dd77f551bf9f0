import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editCatalogText, editFileText, parseCatalogDocument, type ProductPlan } from './catalog-text-edit.ts';

const TEXT = `# yaml-language-server: $schema=../schemas/catalog.schema.json
products:
  - code: A1   # the first
    name: "Quoted Name"
    type: mens
    colors: [Navy, Black]
    sizes: { Small: 10.5, "500": 2, "# boxes": 0 }
  # ---- second section ----
  - code: B2
    name: Plain
    type: hat
    colors: [Red]
    sizes: { OSFA: 7 }
`;

const products = () => (parse(TEXT) as { products: Record<string, unknown>[] }).products;
const edit = (plans: ProductPlan[]) => {
  const text = editCatalogText(TEXT, parseCatalogDocument(TEXT), plans);
  expect((parse(text) as { products: unknown[] }).products).toEqual(plans.map((plan) => plan.data));
  return text;
};

describe('editCatalogText', () => {
  it('changes only the changed values, keeping quotes, comments and the other product', () => {
    const [a, b] = products();
    const text = edit([
      { data: { ...a, name: 'New "Name"', sizes: { Small: 11, '500': 2, '# boxes': 0 } }, original: 0 },
      { data: b!, original: 1 },
    ]);
    expect(text).toBe(TEXT.replace('"Quoted Name"', '"New \\"Name\\""').replace('Small: 10.5', 'Small: 11'));
  });

  it('adds and removes fields and sizes, adds a product after its row and removes one', () => {
    const [a, b] = products();
    const { type: _type, ...withoutType } = a!;
    const text = edit([
      { data: { ...withoutType, sizes: { Small: 10.5, '500': 2, '# boxes': 0, Large: 12 }, sub_category: 'polos, knit' }, original: 0 },
      { data: { code: 'C3', name: 'New: one', type: 'hat', colors: ['Red'], sizes: { '1000': 1.5 } } },
    ]);
    expect(text).toContain('  - code: A1   # the first\n    name: "Quoted Name"\n    colors: [Navy, Black]\n');
    expect(text).toContain('    sub_category: polos, knit\n');
    expect(text).toContain('  - code: C3\n    name: "New: one"\n    type: hat\n    colors: [Red]\n    sizes: { "1000": 1.5 }\n');
    expect(text).not.toContain('B2');
    void b;
  });

  it('writes the first products of an empty catalog in block style', () => {
    const empty = 'products: []\n';
    const text = editCatalogText(empty, parseCatalogDocument(empty), [{ data: { code: 'Z', sizes: { Small: 1 } } }]);
    expect(text).toBe('products:\n  - code: Z\n    sizes: { Small: 1 }\n');
  });
});

describe('editFileText', () => {
  const TENANT = `# yaml-language-server: $schema=../schemas/tenant.schema.json
title: First Auto Group Store   # shown in the tab
company_name: First Auto Group
account_reps:
  - { name: Marcus Bell, phone: "555-0101" }
  - { name: Alicia Tran, phone: "555-0102" }
stores:
  - name: First Toyota
    code: FTOYHB
`;
  const write = (change: (data: Record<string, unknown>) => Record<string, unknown>) => {
    const data = parse(TENANT) as Record<string, unknown>;
    const next = change(structuredClone(data));
    const text = editFileText(TENANT, parseCatalogDocument(TENANT), next);
    expect(parse(text)).toEqual(next);
    return text;
  };

  it("changes one representative's phone on its line, keeping its quotes and every other byte", () => {
    const text = write((data) => {
      (data.account_reps as { phone: string }[])[0]!.phone = '555-0199';
      return data;
    });
    expect(text).toBe(TENANT.replace('phone: "555-0101"', 'phone: "555-0199"'));
  });

  it('changes a value inside a block list in place, and adds a new field at the end', () => {
    const text = write((data) => {
      (data.stores as { name: string }[])[0]!.name = 'First Toyota of Hillsboro';
      return { ...data, shipping_email: 'ship@first.example' };
    });
    expect(text).toBe(`${TENANT.replace('  - name: First Toyota\n', '  - name: First Toyota of Hillsboro\n')}shipping_email: ship@first.example\n`);
  });
});
