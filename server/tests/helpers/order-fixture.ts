import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productBackImageFile, productImageFile } from '../../../src/domain/image-names.ts';
import { aBypassOrderBody, anOrderLine, aPayPalOrderBody } from '../../../tests/helpers/order-builders.ts';

/**
 * A small valid project for the order API tests, written to a temporary folder: three
 * tenants (bypass only with the apparel minimum; PayPal allowed; one on another catalog) and
 * products for every pricing and quantity rule. Images are empty files: the loader only
 * checks that they exist. Written here rather than shared, so other fixtures can change freely.
 */
export const BYPASS_TENANT = 'Bypass Motors';
export const PAYPAL_TENANT = 'PayPal Motors';
export const OTHER_TENANT = 'Other Group';
export const BYPASS_CODE = 'NET30BYP';
export const ADMIN_PASSWORD = 'bypass-admin';
export const STAFF_PASSWORD = 'bypass-staff-pw';
/** Each tenant's admin password: an admin session lists and edits its orders. */
export const ADMIN_PASSWORDS: Record<string, string> = { [BYPASS_TENANT]: ADMIN_PASSWORD, [PAYPAL_TENANT]: 'pp-admin-pass', [OTHER_TENANT]: 'other-admin' };
export const BYPASS_RECIPIENTS = ['orders@bypass.example', 'boss@bypass.example'];
export const PAYPAL_RECIPIENTS = ['orders@paypal.example'];
/** Bypass Motors' stores: Ford without a password, Kia with one; Other Group has its own. */
export const OPEN_STORE = { code: 'BFORD1', name: 'Bypass Ford', address: '1 Ford Road, Testville' };
export const PASSWORD_STORE = { code: 'BKIA01', name: 'Bypass Kia', address: '2 Kia Road, Testville', password: 'kia-store-pass-1' };
export const OTHER_TENANTS_STORE = 'OTHER1';
/** A cart line every main-catalog tenant can order: 12 navy K500 polos with a left-chest Shield. */
export const POLO_LINE = anOrderLine({ name: 'K500', price: 1, embroidery: 'Shield' });
/** Bypass Motors' order of the polos, placed with its bypass code; `overrides` replace any field. */
export const bypassMotorsOrder = <O extends object = object>(overrides: O = {} as O) => aBypassOrderBody(BYPASS_TENANT, BYPASS_CODE, [POLO_LINE], overrides);
/** PayPal Motors' order of the polos, to be paid through PayPal. */
export const paypalMotorsOrder = <O extends object = object>(overrides: O = {} as O) => aPayPalOrderBody(PAYPAL_TENANT, [POLO_LINE], overrides);

/** The site's supplier contact, which buyers' confirmations give. */
export const SUPPLIER = { name: 'Test Supply', phone: '800-555-0100', email: 'support@test-supply.example' };
/** Other Group's ceiling on one order's total, in dollars. */
export const OTHER_MAX_ORDER_TOTAL = 500;

const site = `# yaml-language-server: $schema=../schemas/site.schema.json
supplier_name: ${SUPPLIER.name}
main_phone: "${SUPPLIER.phone}"
support_email: ${SUPPLIER.email}
postal_address: 1 Test Way, Testville
`;

const tenant = (fields: string) => `# yaml-language-server: $schema=../schemas/tenant.schema.json
server_hostname: https://orders.test.example
${fields}`;

const tenants: Record<string, string> = {
  'bypass-motors': tenant(`title: Bypass Motors Store
company_name: ${BYPASS_TENANT}
route_prefix: bypass
catalog: main
minimum_apparel_order: true
paypal_not_supported: true
show_image_preview: true
embroideries:
  mens: [Shield, Script]
logo_placements:
  mens: [Left Chest, Yoke]
email_recipients: [${BYPASS_RECIPIENTS.join(', ')}]
shipping_email: true
bypass_codes: [${BYPASS_CODE}, SECONDCODE]
password: ${STAFF_PASSWORD}
admin_password: ${ADMIN_PASSWORD}
enable_customs_store_picker: true
stores:
  - { name: ${OPEN_STORE.name}, address: "${OPEN_STORE.address}", code: ${OPEN_STORE.code} }
  - { name: ${PASSWORD_STORE.name}, address: "${PASSWORD_STORE.address}", code: ${PASSWORD_STORE.code}, password: ${PASSWORD_STORE.password} }
`),
  'paypal-motors': tenant(`title: PayPal Motors Store
company_name: ${PAYPAL_TENANT}
route_prefix: paypal
catalog: main
paypal_not_supported: false
embroideries:
  mens: [Shield]
logo_placements:
  mens: [Left Chest]
email_recipients: [${PAYPAL_RECIPIENTS.join(', ')}]
shipping_email: false
bypass_codes: [PPBYPASS]
admin_password: pp-admin-pass
`),
  'other-group': tenant(`title: Other Group Store
company_name: ${OTHER_TENANT}
route_prefix: other
catalog: other
paypal_not_supported: true
email_recipients: [orders@other.example]
bypass_codes: [OTHERCODE]
admin_password: other-admin
max_order_total: ${OTHER_MAX_ORDER_TOTAL}
buyer_confirmation_email: false
stores:
  - { name: Other Store, address: "3 Other Road", code: ${OTHER_TENANTS_STORE} }
`),
};

interface FixtureProduct {
  code: string;
  type: string;
  colors: string[];
  halfColors?: string[];
  sizes: string;
  extra?: string;
}

const catalogs: Record<string, FixtureProduct[]> = {
  main: [
    { code: 'K500', type: 'mens', colors: ['Navy', 'Black'], sizes: '{ Small: 38.77, Medium: 38.77, 2XL: 40.77 }' },
    { code: 'L500', type: 'womens', colors: ['Navy'], sizes: '{ Small: 36.5 }' },
    { code: 'TUM20', type: 'accessory', colors: ['Black'], sizes: '{ OSFA: 18.99 }' },
    { code: 'PLT', type: 'customs', colors: ['White', 'Black'], halfColors: ['Black Red'], sizes: '{ "500": 1.29, "1000": 0.99, "1500": 0.89, "2500": 0.79 }' },
    { code: 'FM-100', type: 'service', colors: ['White'], sizes: '{ "# boxes": 76.44 }', extra: 'discount: [{ quantity: 500, price: 71.5 }]' },
    // A volume price on a product whose larger sizes cost more: 2XL keeps its $2.00 upcharge at 500+.
    {
      code: 'PC54',
      type: 'tshirts',
      colors: ['Black', 'White'],
      sizes: '{ Small: 9.99, Medium: 9.99, 2XL: 11.99 }',
      extra: 'discount: [{ quantity: 500, price: 8.49 }]',
    },
    { code: 'KF-FRD', type: 'customs', colors: ['Blue'], sizes: '{ "# each": 3.99 }', extra: 'min_quantity: 250' },
    { code: 'CF-WIN', type: 'sales', colors: ['Red'], sizes: '{ "# each": 8.95 }', extra: 'quantity_step: 3' },
    { code: 'MF-STR', type: 'customs', colors: ['Chrome'], sizes: '{ "500": 0.0279, "1000": 0.0259 }' },
    { code: 'C112', type: 'hat', colors: ['Grey'], sizes: '{ OSFA: 21.99 }' },
    { code: 'FREE', type: 'office', colors: ['White'], sizes: '{ "# pads": 0 }' },
    // Custom plates for one store each (supportedStores), and one a store of another group names.
    { code: 'PLT-BF', type: 'customs', colors: ['White'], sizes: '{ "500": 1.29 }', extra: `supportedStores: [${OPEN_STORE.code}]` },
    { code: 'PLT-BK', type: 'customs', colors: ['White'], sizes: '{ "500": 1.29 }', extra: `supportedStores: [${PASSWORD_STORE.code}]` },
    { code: 'PLT-OT', type: 'customs', colors: ['White'], sizes: '{ "500": 1.29 }', extra: `supportedStores: [${OTHER_TENANTS_STORE}]` },
  ],
  other: [{ code: 'ONLY-OTHER', type: 'hat', colors: ['Black'], sizes: '{ OSFA: 20 }' }],
};

export function writeOrderFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'order-api-fixture-'));
  for (const folder of ['tenants/logos', 'catalogs/images']) mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(path.join(root, 'tenants/_site.yaml'), site);
  for (const [id, text] of Object.entries(tenants)) writeFileSync(path.join(root, `tenants/${id}.yaml`), text);
  for (const logo of ['Shield', 'Script']) writeFileSync(path.join(root, `tenants/logos/${logo}.png`), '');
  for (const [id, products] of Object.entries(catalogs)) {
    const entries = products.map((p) =>
      [
        `  - code: ${p.code}`,
        `    name: ${p.code} name`,
        `    fullname: ${p.code} full name`,
        `    type: ${p.type}`,
        `    colors: [${p.colors.join(', ')}]`,
        ...(p.halfColors ? [`    halfColors: [${p.halfColors.join(', ')}]`] : []),
        `    default_color: ${p.colors[0]}`,
        `    sizes: ${p.sizes}`,
        ...(p.extra ? [`    ${p.extra}`] : []),
      ].join('\n'),
    );
    writeFileSync(path.join(root, `catalogs/${id}.yaml`), `# yaml-language-server: $schema=../schemas/catalog.schema.json\nproducts:\n${entries.join('\n')}\n`);
    for (const p of products)
      for (const color of [...p.colors, ...(p.halfColors ?? [])]) writeFileSync(path.join(root, 'catalogs/images', productImageFile(p.code, color)), '');
  }
  // A back picture, for the mock-ups of back placements (Yoke).
  writeFileSync(path.join(root, 'catalogs/images', productBackImageFile('K500', 'Navy')), '');
  return root;
}
