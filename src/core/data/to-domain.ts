import { normalizeCategoryKey, type Category, type Placement } from '../../domain/categories.ts';
import { productBackImageFile } from '../../domain/image-names.ts';
import { moneyFromDollars } from '../../domain/money.ts';
import type { PlacementArea, PlacementAreas } from '../../domain/placement-areas.ts';
import type { Catalog, Product } from '../../domain/product.ts';
import { sizeFamily } from '../../domain/size-labels.ts';
import { DEFAULT_MAX_ORDER_TOTAL_DOLLARS, type SupplierFacts, type Tenant } from '../../domain/tenant.ts';
import type { CatalogFile, SiteFile, TenantFile } from './file-shapes.ts';

/** File shapes (snake_case, as merchandisers write them) become domain types here and only here. */
export function tenantFromFile(id: string, file: TenantFile): Tenant {
  return {
    id,
    title: file.title,
    companyName: file.company_name,
    routePrefix: file.route_prefix,
    serverHostname: file.server_hostname.replace(/\/+$/, ''),
    catalogId: file.catalog,
    companyLogo: file.company_logo,
    accountReps: file.account_reps ?? [],
    logoPlacements: byCategory<Placement[]>(file.logo_placements),
    embroideries: byCategory<string[]>(file.embroideries),
    flags: {
      showImagePreview: file.show_image_preview ?? false,
      showModificationThumbnail: file.show_modification_thumbnail ?? false,
      minimumApparelOrder: file.minimum_apparel_order ?? false,
      renderLogoPreview: file.render_logo_preview ?? false,
      enableCustomsStorePicker: file.enable_customs_store_picker ?? false,
      paypalNotSupported: file.paypal_not_supported ?? false,
      showRestricted: file.show_restricted ?? false,
    },
    emailRecipients: file.email_recipients ?? [],
    // On wherever the tenant writes to its buyers at all (docs/decisions.md, Shipping e-mails).
    shippingEmail: file.shipping_email ?? file.buyer_confirmation_email ?? true,
    buyerConfirmationEmail: file.buyer_confirmation_email ?? true,
    stores: (file.stores ?? []).map((store) => ({ name: store.name, address: store.address ?? '', code: store.code, password: store.password })),
    bypassCodes: file.bypass_codes ?? [],
    password: file.password,
    adminPassword: file.admin_password,
    maxOrderTotal: moneyFromDollars(file.max_order_total ?? DEFAULT_MAX_ORDER_TOTAL_DOLLARS),
  };
}

function byCategory<T>(map: Record<string, T> | undefined): Partial<Record<Category, T>> {
  const out: Partial<Record<Category, T>> = {};
  for (const [key, value] of Object.entries(map ?? {})) out[normalizeCategoryKey(key) as Category] = value;
  return out;
}

/** What a photo is matched by: a product's code and colours, without the prices a broken file may not yet make Money of. */
export type ProductColors = Pick<Product, 'code' | 'colors' | 'halfColors'>;

export function productColorsFromFile(file: CatalogFile): ProductColors[] {
  return file.products.map(({ code, colors, halfColors }) => ({ code, colors, halfColors: halfColors ?? [] }));
}

/** `productImageFiles`: the names in catalogs/images/, where each colour's back picture is looked for. */
export function catalogFromFile(id: string, file: CatalogFile, productImageFiles: ReadonlySet<string>): Catalog {
  return { id, priced: file.priced ?? true, products: file.products.map((product) => productFromFile(product, file.placement_areas, productImageFiles)) };
}

type AreasFile = NonNullable<CatalogFile['placement_areas']>[string];

function areasFromFile(file: AreasFile): Record<string, PlacementArea> {
  return Object.fromEntries(
    Object.entries(file).map(([placement, { x, y, width, height, side }]) => [placement, { x, y, width, height, side: side ?? 'front' }]),
  );
}

/** The product's areas beyond its type's defaults: the catalog's for its type, then its own over them; none when neither says anything. */
function productAreas(typeAreas: AreasFile | undefined, own: AreasFile | undefined): PlacementAreas | undefined {
  if (!typeAreas && !own) return undefined;
  return { ...areasFromFile(typeAreas ?? {}), ...areasFromFile(own ?? {}) };
}

function productFromFile(file: CatalogFile['products'][number], typeAreas: CatalogFile['placement_areas'], productImageFiles: ReadonlySet<string>): Product {
  const placementAreas = productAreas(typeAreas?.[file.type], file.placement_areas);
  const colorAreas = file.color_placement_areas;
  const backPictureColors = [...file.colors, ...(file.halfColors ?? [])].filter((color) => productImageFiles.has(productBackImageFile(file.code, color)));
  return {
    code: file.code,
    name: file.name,
    fullname: file.fullname,
    description: file.description ?? '',
    type: file.type,
    subCategory: file.sub_category,
    colors: file.colors,
    halfColors: file.halfColors ?? [],
    defaultColor: file.default_color,
    sizes: Object.entries(file.sizes).map(([label, price]) => ({
      label,
      family: sizeFamily(label) ?? 'unit',
      price: moneyFromDollars(price),
    })),
    restricted: file.restricted ?? false,
    supportedStores: file.supportedStores ?? [],
    discounts: (file.discount ?? []).map((tier) => ({ quantity: tier.quantity, price: moneyFromDollars(tier.price) })).sort((a, b) => a.quantity - b.quantity),
    minQuantity: file.min_quantity,
    quantityStep: file.quantity_step,
    // Absent rather than empty, so a product without any keeps the bytes of the pages that serialize it.
    ...(placementAreas ? { placementAreas } : {}),
    ...(colorAreas ? { colorPlacementAreas: Object.fromEntries(Object.entries(colorAreas).map(([color, areas]) => [color, areasFromFile(areas)])) } : {}),
    ...(backPictureColors.length > 0 ? { backPictureColors } : {}),
  };
}

export function supplierFactsFromFile(file: SiteFile): SupplierFacts {
  const links = file.catalog_links ?? {};
  return {
    supplierName: file.supplier_name,
    mainPhone: file.main_phone,
    supportEmail: file.support_email,
    postalAddress: file.postal_address,
    entryBanner: file.entry_banner ?? '',
    entryHeaderImage: file.entry_header_image,
    paypalClientId: file.paypal_client_id,
    editorRepository: file.editor_repository,
    editorPreviewOrigin: file.editor_preview_origin,
    catalogLinks: {
      auto: links.auto,
      apparel: links.apparel,
      promotional: links.promotional,
      morePromotional: links.more_promotional,
      moreApparel: links.more_apparel,
    },
  };
}
