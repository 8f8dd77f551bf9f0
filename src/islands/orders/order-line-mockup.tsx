import { useCallback } from 'react';
import { useCatalogPrices } from '../shared/catalog-price-file.ts';
import { lineMockup, mockupDescription, type LineMockup } from '../../domain/line-mockup.ts';
import { MockupThumbnail } from '../shared/mockup-thumbnail.tsx';
import { productPicture } from '../shared/ordering-props.ts';
import type { OrderLine } from './order-data.ts';

/** A line of the orders screen → its mock-up, or undefined when none can be drawn. */
export type OrderLineMockups = (line: OrderLine) => LineMockup | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Mock-ups of the orders screen's lines, drawn from the tenant's catalog file (the checkout's,
 * usually in the browser's cache already), fetched once an order is opened on a tenant that
 * shows mock-ups (`logos` is then its logo thumbnails). Until the file is in, and without it,
 * the lines show as before.
 */
export function useOrderLineMockups(
  catalogPricesUrl: string,
  logos: Readonly<Record<string, string>> | undefined,
  anOrderIsOpen: boolean,
): OrderLineMockups | undefined {
  const catalog = useCatalogPrices(catalogPricesUrl, logos !== undefined && anOrderIsOpen);
  const prices = catalog.state === 'ready' ? catalog.prices : undefined;
  const mockupOf = useCallback<OrderLineMockups>(
    (line) => {
      if (!prices || !logos) return undefined;
      const facts = { code: line.code, color: text(line.color) };
      const logosOfLine = {
        embroidery: text(line.embroidery),
        placement: text(line.placement),
        secondEmbroidery: text(line.second_embroidery),
        secondPlacement: text(line.second_placement),
      };
      const product = prices.products.find((candidate) => candidate.code === line.code);
      return lineMockup({ ...facts, ...logosOfLine }, product, productPicture(prices.thumbnails, facts), logos);
    },
    [prices, logos],
  );
  return prices && logos ? mockupOf : undefined;
}

/** The line's mock-up thumbnail in its Description cell, or nothing. */
export function OrderLineMockup({ line, mockupOf }: { line: OrderLine; mockupOf: OrderLineMockups | undefined }) {
  const mockup = mockupOf?.(line);
  if (!mockup) return null;
  return <MockupThumbnail mockup={mockup} description={mockupDescription(text(line.description) || line.code, mockup)} className="order-lines__mockup" />;
}
