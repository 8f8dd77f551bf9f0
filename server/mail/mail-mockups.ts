import { logoImageFile, productBackImageFile, productImageFile } from '../../src/domain/image-names.ts';
import { lineMockups, mockupDescription } from '../../src/domain/line-mockup.ts';
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
 * Each line's mock-ups, one per side that carries a logo (a polo with a Left Chest and a Full
 * Back logo gets its front and its back), none for a line with no logo the mock-ups can place:
 * the same rules as the item page and the cart's thumbnails (src/domain/line-mockup.ts), from
 * the tenant's catalog as the order API loaded it, with the data folder's pictures and logos
 * (the load checked they exist). None at all for a tenant whose item-page preview is off
 * (`show_image_preview`, docs/decisions.md): its e-mails show no more than its pages.
 */
export function mailMockups(
  lines: readonly StoredLine[],
  tenant: Pick<Tenant, 'embroideries'> & { flags: Pick<Tenant['flags'], 'showImagePreview'> },
  findProduct: ProductLookup,
): MailMockup[][] {
  if (!tenant.flags.showImagePreview) return lines.map(() => []);
  const logos = Object.fromEntries(
    Object.values(tenant.embroideries)
      .flat()
      .map((name) => [name, `tenants/logos/${logoImageFile(name)}`]),
  );
  return lines.map((line, index) => {
    // A colour the product does not have would name a file of its own choosing: no mock-up, whatever the order's age.
    const product = findProduct(line.code);
    if (!product || !productColors(product).includes(line.color)) return [];
    return lineMockups(line, product, (side) => pictureFile(line.code, line.color, side), logos).map((mockup) => {
      const what = mockup.logos.map((logo) => `${logo.name} at ${logo.placement}`).join(' and ');
      return {
        cid: `mockup-${index + 1}-${mockup.side}@order`,
        // Only what a file name may hold: a logo named with a slash must not make a path.
        filename: `${line.code} ${line.color}, ${what}${mockup.side === 'back' ? ', back' : ''}.jpg`.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-'),
        description: mockupDescription(product.name, mockup),
        picture: mockup.picture,
        logos: mockup.logos.map((logo) => ({ image: logo.src, area: logo.area })),
      };
    });
  });
}
