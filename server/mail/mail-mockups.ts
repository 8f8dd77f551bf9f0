import { logoImageFile, productBackImageFile, productImageFile } from '../../src/domain/image-names.ts';
import { lineMockup, mockupDescription } from '../../src/domain/line-mockup.ts';
import type { PictureSide } from '../../src/domain/placement-areas.ts';
import type { ProductLookup } from '../../src/domain/pricing.ts';
import { productColors } from '../../src/domain/product.ts';
import type { Tenant } from '../../src/domain/tenant.ts';
import type { StoredLine } from '../storage/order-database.ts';
import type { MailMockup } from './mail-message.ts';

/** catalogs/images/<code>_<colour>_back.jpg, the picture a back placement is drawn on. */
function pictureFile(code: string, color: string, side: PictureSide): string {
  return `catalogs/images/${side === 'front' ? productImageFile(code, color) : productBackImageFile(code, color)}`;
}

/**
 * Each line's mock-up, or undefined for a line with no logo the mock-ups can place: the same
 * rules as the cart's thumbnails (src/domain/line-mockup.ts), from the tenant's catalog as the
 * order API loaded it, with the data folder's pictures and logos (the load checked they exist).
 */
export function mailMockups(lines: readonly StoredLine[], tenant: Pick<Tenant, 'embroideries'>, findProduct: ProductLookup): (MailMockup | undefined)[] {
  const logos = Object.fromEntries(
    Object.values(tenant.embroideries)
      .flat()
      .map((name) => [name, `tenants/logos/${logoImageFile(name)}`]),
  );
  return lines.map((line, index) => {
    // A colour the product does not have would name a file of its own choosing: no mock-up, whatever the order's age.
    const product = findProduct(line.code);
    if (!product || !productColors(product).includes(line.color)) return undefined;
    const mockup = lineMockup(line, product, (side) => pictureFile(line.code, line.color, side), logos);
    if (!mockup) return undefined;
    const what = mockup.logos.map((logo) => `${logo.name} at ${logo.placement}`).join(' and ');
    return {
      cid: `mockup-${index + 1}@order`,
      // Only what a file name may hold: a logo named with a slash must not make a path.
      filename: `${line.code} ${line.color}, ${what}${mockup.side === 'back' ? ', back' : ''}.jpg`.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-'),
      description: mockupDescription(product.name, mockup),
      picture: mockup.picture,
      logos: mockup.logos.map((logo) => ({ image: logo.src, area: logo.area })),
    };
  });
}
