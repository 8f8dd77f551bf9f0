import type { Category, Placement } from '../../domain/categories.ts';

/**
 * The shapes of the YAML files once they have passed their JSON Schemas (schemas/*.schema.json).
 * Field names are the files' own; nothing outside src/core/data reads these.
 */
export interface TenantFile {
  title: string;
  company_name: string;
  route_prefix: string;
  server_hostname: string;
  catalog: string;
  company_logo?: string;
  account_reps?: { name: string; phone: string }[];
  logo_placements?: Record<string, Placement[]>;
  show_image_preview?: boolean;
  show_modification_thumbnail?: boolean;
  minimum_apparel_order?: boolean;
  render_logo_preview?: boolean;
  enable_customs_store_picker?: boolean;
  paypal_not_supported?: boolean;
  show_restricted?: boolean;
  embroideries?: Record<string, string[]>;
  email_recipients?: string[];
  stores?: { name: string; address?: string; code: string; password?: string }[];
  bypass_codes?: string[];
  password?: string;
  admin_password?: string;
  max_order_total?: number;
}

export interface ProductFile {
  code: string;
  name: string;
  fullname: string;
  description?: string;
  type: Category;
  sub_category?: string;
  colors: string[];
  halfColors?: string[];
  default_color: string;
  sizes: Record<string, number>;
  restricted?: boolean;
  supportedStores?: string[];
  discount?: { quantity: number; price: number }[];
  min_quantity?: number;
  quantity_step?: number;
}

export interface CatalogFile {
  priced?: boolean;
  products: ProductFile[];
}

export interface SiteFile {
  supplier_name: string;
  main_phone: string;
  support_email: string;
  postal_address: string;
  entry_banner?: string;
  entry_header_image?: string;
  paypal_client_id?: string;
  catalog_links?: {
    auto?: string;
    apparel?: string;
    promotional?: string;
    more_promotional?: string;
    more_apparel?: string;
  };
}
