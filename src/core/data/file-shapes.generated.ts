// Generated from schemas/*.schema.json by `npm run schemas:types` (json-schema-to-typescript).
// Do not edit: change the schema and run it again; a test fails while this file and the schemas differ.
// Named in file-shapes.ts.

/**
 * Placement names.
 *
 * Items: Where a logo is embroidered or printed on the garment.
 */
export type Placements = (
  | 'Left Chest'
  | 'Left Sleeve'
  | 'Right Sleeve'
  | 'Yoke'
  | 'Full Back'
  | 'Full Front'
  | 'Front Center'
  | 'Left Panel'
  | 'Right Panel'
  | 'Left Side'
  | 'Right Side'
)[];
/**
 * Logo names; each needs tenants/logos/<name>.png.
 *
 * Items: A logo name, as its file is named.
 */
export type Logos = string[];

/**
 * One dealership group's storefront: tenants/<tenant-id>.yaml. The file name is the tenant id and the output folder dist/<tenant-id>/.
 */
export interface Tenant {
  /**
   * Page title shown in the browser tab and the header.
   */
  title: string;
  /**
   * The dealership group's name; sent as companyName to the order API, which finds the tenant by it.
   */
  company_name: string;
  /**
   * Path prefix the storefront is served under, lowercase (guardian serves at /guardian/). '' means no prefix: served at the host root.
   */
  route_prefix: string;
  /**
   * Base address of the order API, for example https://orders.example.com; the storefront calls <server_hostname>/v1/...
   */
  server_hostname: string;
  /**
   * Catalog id: the file catalogs/<catalog>.yaml.
   */
  catalog: string;
  /**
   * Company logo file name in tenants/logos/, shown in the header and linking home.
   */
  company_logo?: string;
  /**
   * Account representatives shown in the header.
   *
   * Items: An account representative.
   */
  account_reps?: {
    /**
     * Full name.
     */
    name: string;
    /**
     * Phone number as it should be shown, in quotes ("555-0142").
     */
    phone: string;
  }[];
  /**
   * Placement choices offered per product category; the first picker default is 'Left Chest' when listed.
   */
  logo_placements?: {
    mens?: Placements;
    womens?: Placements;
    tshirts?: Placements;
    hat?: Placements;
    accessory?: Placements;
    customs?: Placements;
    office?: Placements;
    service?: Placements;
    sales?: Placements;
    detail?: Placements;
    bodyshop?: Placements;
    parts?: Placements;
  };
  /**
   * Product images enlarge when clicked.
   */
  show_image_preview?: boolean;
  /**
   * Cart lines show a thumbnail of the chosen logo.
   */
  show_modification_thumbnail?: boolean;
  /**
   * Men's plus women's quantity in the cart must be 0 or at least 12 before checkout.
   */
  minimum_apparel_order?: boolean;
  /**
   * The landing page shows a strip previewing the tenant's logos.
   */
  render_logo_preview?: boolean;
  /**
   * The customs tile leads to the store picker, and each store sees only its supported custom products.
   */
  enable_customs_store_picker?: boolean;
  /**
   * Hide the PayPal buttons: orders are placed with a bypass code only.
   */
  paypal_not_supported?: boolean;
  /**
   * List products marked restricted in the catalog (hidden from this storefront otherwise).
   */
  show_restricted?: boolean;
  /**
   * Logo names offered per category; each needs tenants/logos/<name>.png.
   */
  embroideries?: {
    mens?: Logos;
    womens?: Logos;
    tshirts?: Logos;
    tshirt?: Logos;
    hat?: Logos;
    accessory?: Logos;
    customs?: Logos;
    office?: Logos;
    service?: Logos;
    sales?: Logos;
    detail?: Logos;
    bodyshop?: Logos;
    parts?: Logos;
  };
  /**
   * Addresses that receive a notice of every placed or paid order; the staff addresses that may be e-mailed a sign-in link for a new browser while wrong passwords brake the storefront (docs/security.md, Guess limits).
   *
   * Items: An e-mail address.
   */
  email_recipients?: string[];
  /**
   * When an admin sets an order to shipped on the orders screen, e-mail the buyer the carrier, tracking number, tracking link and the link to the order's page (default: as buyer_confirmation_email, so on unless that is false); false sends none.
   */
  shipping_email?: boolean;
  /**
   * E-mail the buyer a confirmation of each placed or paid order, to the address typed at checkout (default true); false sends none.
   */
  buyer_confirmation_email?: boolean;
  /**
   * The group's stores (dealerships): offered at checkout and, with the store picker, each with its own customs catalog.
   *
   * Items: A store.
   */
  stores?: {
    /**
     * Store name.
     */
    name: string;
    /**
     * Street address; may be blank.
     */
    address?: string;
    /**
     * A store code: exactly 6 letters or digits, for example GCHEV1.
     */
    code: string;
    /**
     * Optional password asked before the store's customs catalog opens.
     */
    password?: string;
  }[];
  /**
   * Codes that place an order without payment (to be invoiced); compared in upper case.
   *
   * Items: A bypass code.
   */
  bypass_codes?: string[];
  /**
   * Entry-screen password that leads to this storefront.
   */
  password?: string;
  /**
   * Unlocks editing of PO, Customer PO and Est. Ship Date on the orders screen.
   */
  admin_password?: string;
  /**
   * The largest total, in dollars, the order API accepts for one order of this storefront (default 50000); a larger order is refused and must be split.
   */
  max_order_total?: number;
}

/**
 * A colour name such as Royal Blue; its image is catalogs/images/<code>_<colour lowercased, spaces as _>.jpg.
 */
export type Color = string;

/**
 * A product catalog: catalogs/<catalog-id>.yaml. Tenants pick one with their catalog field.
 */
export interface Catalog {
  /**
   * Whether this catalog shows prices (default true). In a priced catalog a product whose prices are all 0 gets a warning.
   */
  priced?: boolean;
  /**
   * Where each logo placement sits on the pictures of a product type, beyond the built-in defaults (src/domain/placement-areas.ts): type → placement → area. A product's own placement_areas win over these.
   */
  placement_areas?: {
    [k: string]: PlacementAreas;
  };
  /**
   * The products, in the order they are listed on catalog pages.
   */
  products: Product[];
}
/**
 * Placement name → its area on the picture.
 */
export interface PlacementAreas {
  [k: string]: PlacementArea;
}
/**
 * A box on the product's picture, in fractions of the picture's width (x, width) and height (y, height), from its top left corner: x 0.5 is the middle.
 */
export interface PlacementArea {
  /**
   * Left edge, as a fraction of the picture's width (0 to 1).
   */
  x: number;
  /**
   * Top edge, as a fraction of the picture's height (0 to 1).
   */
  y: number;
  /**
   * Width, as a fraction of the picture's width (above 0, at most 1).
   */
  width: number;
  /**
   * Height, as a fraction of the picture's height (above 0, at most 1).
   */
  height: number;
  /**
   * Which picture shows the area: front (default), or back, the colour's back picture catalogs/images/<code>_<colour>_back.jpg.
   */
  side?: 'front' | 'back';
}
/**
 * A product.
 */
export interface Product {
  /**
   * Product code, unique within the catalog; used in the item address item/<code> and image file names.
   */
  code: string;
  /**
   * Short name shown on catalog cards.
   */
  name: string;
  /**
   * Full name shown on the item page.
   */
  fullname: string;
  /**
   * Description shown on the item page, collapsed to one line when long.
   */
  description?: string;
  /**
   * A product category (product type). Each has its own catalog page at catalog/<category>.
   */
  type: 'mens' | 'womens' | 'tshirts' | 'hat' | 'accessory' | 'customs' | 'office' | 'service' | 'sales' | 'detail' | 'bodyshop' | 'parts';
  /**
   * Groups products under a heading within their catalog page (for example polos, outerwear).
   */
  sub_category?: string;
  /**
   * Colour choices, in the order shown.
   *
   * @minItems 1
   */
  colors: [Color, ...Color[]];
  /**
   * Two-tone colours, each written as two space-separated colour names (Black Red).
   *
   * Items: A two-tone colour: two colour names separated by one space.
   */
  halfColors?: string[];
  /**
   * Colours only this product uses whose names look like a misspelling of a colour other products use (Grafite beside Graphite), confirmed here as colours of their own; without this the validator refuses them as typos.
   */
  distinct_colors?: string[];
  /**
   * Colour selected when the item page opens; one of colors.
   */
  default_color: string;
  /**
   * Size label to unit price, in the order shown. Labels: apparel (XSmall to 10XL), tall (LT to 4XLT), OSFA, S_M, M_L, L_XL, print-run tiers (500) or units ('# boxes', '1 box').
   */
  sizes: {
    /**
     * Unit price in US dollars, at most 4 decimals. 0 means not set or not shown.
     */
    [k: string]: number;
  };
  /**
   * Listed only for tenants that allow restricted products.
   */
  restricted?: boolean;
  /**
   * Store codes whose customs catalog lists this product.
   *
   * Items: A store code: exactly 6 letters or digits, for example GCHEV1.
   */
  supportedStores?: string[];
  /**
   * Volume prices. Once the cart holds at least `quantity` units of this product (all its sizes and colours counted together), the base size costs `price`: the base size is the cheapest size with a price set that is not a print-run tier, and every other size still costs its difference over the base size on top (2XL at 11.99 over a 9.99 base costs 8.49 + 2.00 at a volume price of 8.49). The highest quantity reached applies. Print-run tier sizes (500, 1000) have no such difference: the volume price replaces theirs.
   *
   * Items: A volume price.
   */
  discount?: {
    /**
     * Units of this product in the cart (all sizes and colours together) from which the price applies.
     */
    quantity: number;
    /**
     * Unit price in US dollars, at most 4 decimals. 0 means not set or not shown.
     */
    price: number;
  }[];
  /**
   * Smallest quantity one cart entry may have ('Must order at least N units').
   */
  min_quantity?: number;
  /**
   * Quantities must be a multiple of this ('Must order in multiples of N').
   */
  quantity_step?: number;
  placement_areas?: PlacementAreas;
  /**
   * Areas for one colour whose picture is framed differently: colour → placement → area; they win over the product's own.
   */
  color_placement_areas?: {
    [k: string]: PlacementAreas;
  };
}

/**
 * An http:// or https:// address.
 */
export type Url = string;

/**
 * tenants/_site.yaml: facts about the supplier shared by every storefront and the entry screen.
 */
export interface SupplierSiteFacts {
  /**
   * The supplier's name, shown on the entry screen and in footers.
   */
  supplier_name: string;
  /**
   * Main phone line shown in every header and footer, in quotes.
   */
  main_phone: string;
  /**
   * Support e-mail shown on the entry screen.
   */
  support_email: string;
  /**
   * Postal address shown in footers.
   */
  postal_address: string;
  /**
   * Text of the entry screen's top banner.
   */
  entry_banner?: string;
  /**
   * Header image of the entry screen, a file name in tenants/logos/.
   */
  entry_header_image?: string;
  /**
   * The data repository on GitHub (owner/name) the editor at /admin/ of the entry site proposes changes to (docs/editor-github.md).
   */
  editor_repository?: string;
  editor_preview_origin?: Url;
  /**
   * PayPal REST client id used by the checkout buttons (public, not a secret).
   */
  paypal_client_id?: string;
  /**
   * The catalog-links page: three flipbook catalogs and two supplier sites.
   */
  catalog_links?: {
    auto?: Url;
    apparel?: Url;
    promotional?: Url;
    more_promotional?: Url;
    more_apparel?: Url;
  };
}
