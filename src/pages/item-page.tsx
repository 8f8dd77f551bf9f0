import { logoOfferFor } from '../domain/logo-rules.ts';
import { productColors, type Product } from '../domain/product.ts';
import type { ItemIslandProps } from '../islands/add-to-cart/item-island-props.ts';
import { island } from './prerender-island.tsx';
import type { PictureData } from '../site/picture-data.ts';
import { href } from '../site/routes.ts';
import { CATEGORY_LABELS } from '../site/category-labels.ts';
import type { PageModel } from '../site/page-model.ts';

export function itemIslandProps(model: PageModel, product: Product, showPrices: boolean): ItemIslandProps {
  const { config } = model;
  const images: Record<string, PictureData> = {};
  for (const color of productColors(product)) {
    const image = model.productImage(product.code, color);
    if (!image) continue;
    images[color] = image;
  }
  const backImages: Record<string, PictureData> = {};
  for (const color of product.backPictureColors ?? []) {
    const image = model.productImage(product.code, color, 'back');
    if (image) backImages[color] = image;
  }
  const offer = logoOfferFor(config, product.type);
  const logos: Record<string, PictureData> = {};
  for (const name of offer.embroideries) {
    const logo = config.logos[name];
    if (logo) logos[name] = logo;
  }
  return {
    product,
    images,
    backImages,
    ...offer,
    logos,
    showImagePreview: config.flags.showImagePreview,
    showPrices,
    stores: config.stores.filter((store) => product.supportedStores.includes(store.code)).map(({ code, name, hasPassword }) => ({ code, name, hasPassword })),
    storePassword: { tenantId: config.tenantId, companyName: config.companyName, apiBase: config.apiBase },
    maxOrderTotal: config.maxOrderTotal,
  };
}

export function ItemPage({ model, product, showPrices }: { model: PageModel; product: Product; showPrices: boolean }) {
  const props = itemIslandProps(model, product, showPrices);
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <a href={model.config.base}>Home</a> ›{' '}
        <a href={href(model.config.base, { page: 'catalog', category: product.type })}>{CATEGORY_LABELS[product.type]}</a>
      </nav>
      {island('item', props)}
      <noscript>
        <p className="notice">Turn on JavaScript to choose quantities and add this item to your cart.</p>
      </noscript>
    </>
  );
}
