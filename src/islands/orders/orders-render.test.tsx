import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SuccessIsland } from '../success/success-island.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrdersIsland } from './orders-island.tsx';
import { aListedOrderLine } from '../../../tests/helpers/order-builders.ts';
import { ORDER_LINE_COLUMNS } from '../../../tests/helpers/order-line-columns.ts';

/** The text of each cell of each body row. */
function bodyCells(markup: string): string[][] {
  const body = markup.slice(markup.indexOf('<tbody'));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')),
  );
}

describe('first render (build time and hydration)', () => {
  it('is the loading state for both islands, whatever the props', () => {
    expect(
      renderToStaticMarkup(
        <OrdersIsland
          apiBase="http://127.0.0.1:1"
          companyName="Guardian Automotive Group"
          tenantId="guardian"
          hasAdminPassword
          hasGroupPassword
          orderAgain={{ base: '/guardian/', catalogPricesUrl: '/guardian/assets/catalog-0.json', logos: { embroideries: {}, logoPlacements: {} }, stores: [] }}
        />,
      ),
    ).toBe('<p class="island-placeholder" aria-live="polite" aria-busy="true">Loading orders…</p>');
    // The success page's heading claims nothing until the island has found an order in this browser session.
    expect(
      renderToStaticMarkup(
        <SuccessIsland base="/guardian/" catalogPricesUrl="/guardian/assets/catalog-0.json" supplierName="Supplier" dealership="Guardian Automotive Group" />,
      ),
    ).toBe('<h1 class="page-title">Your order</h1><p class="island-placeholder" aria-live="polite">Loading your order…</p>');
  });
});

describe('OrderLines', () => {
  const lines = [
    aListedOrderLine({
      quantity: 1200,
      second_embroidery: 'Guardian Script',
      second_placement: 'Right Sleeve',
      customer_po: 'PO-77',
      po: 'SO-1',
      est_ship_date: '2024-02-01',
    }),
    { code: 'NP-50', quantity: 3, price: 0, description: 'Note Pad', size: '# pads', color: 'White' },
    {
      code: 'MF-STR',
      quantity: 500,
      price: 0.0279,
      description: 'Metal Frame',
      size: '500',
      color: 'Chrome',
      embroidery: '',
      customer_po: '',
      po: null,
      est_ship_date: '',
    },
    { code: 'NP-50' },
  ];

  it('shows every column, placements and the second logo included, prices with $ (0 when missing, Price on request when 0) and N/A for empty values', () => {
    const markup = renderToStaticMarkup(<OrderLines lines={lines} />);
    const headers = [...markup.matchAll(/<th[^>]*>\s*([^<]*?)\s*<\/th>/g)].map(([, text]) => text);
    expect(headers).toEqual(ORDER_LINE_COLUMNS);
    expect(bodyCells(markup)).toEqual([
      [
        'K500',
        '1,200',
        '$38.77',
        'Sport Polo',
        'Medium',
        'Navy',
        'Guardian Shield',
        'Left Chest',
        'Guardian Script',
        'Right Sleeve',
        'PO-77',
        'SO-1',
        'February 01, 2024',
      ],
      ['NP-50', '3', 'Price on request', 'Note Pad', '# pads', 'White', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A'],
      ['MF-STR', '1 run of 500 (500 pieces)', '$0.0279', 'Metal Frame', '500', 'Chrome', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A'],
      ['NP-50', 'N/A', '$0.00', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A'],
    ]);
    expect(markup).not.toContain('<input');
  });

  it('for an admin, adds an edit toggle per line and turns the PO fields of a line in edit mode into labelled inputs', () => {
    const noop = () => {};
    const markup = renderToStaticMarkup(
      <OrderLines
        lines={lines}
        admin={{
          editing: (index) => (index === 0 ? { draft: { customer_po: 'PO-78', po: 'SO-1', est_ship_date: '' }, saving: false } : { saving: false }),
          toggle: noop,
          change: noop,
          save: noop,
          cancel: noop,
          editButtonRef: noop,
        }}
      />,
    );
    const labels = [...markup.matchAll(/aria-label="([^"]*)"/g)].map(([, label]) => label);
    expect(labels).toEqual([
      'Customer PO of line K500, Medium, Navy',
      'PO of line K500, Medium, Navy',
      'Est. Ship Date of line K500, Medium, Navy',
      'Edit line K500, Medium, Navy',
      'Save line K500, Medium, Navy',
      'Cancel editing line K500, Medium, Navy',
      'Edit line NP-50, # pads, White',
      'Edit line MF-STR, 500, Chrome',
      'Edit line NP-50',
    ]);
    expect([...markup.matchAll(/aria-pressed="(\w+)"/g)].map(([, pressed]) => pressed)).toEqual(['true', 'false', 'false', 'false']);
    expect([...markup.matchAll(/<input[^>]*value="([^"]*)"/g)].map(([, value]) => value)).toEqual(['PO-78', 'SO-1', '']);
    expect([...markup.matchAll(/<input[^>]*type="(\w+)"/g)].map(([, type]) => type)).toEqual(['text', 'text', 'date']);
  });

  it('labels every cell with its column, for the cards a phone shows', () => {
    const markup = renderToStaticMarkup(<OrderLines lines={lines.slice(0, 1)} />);
    expect([...markup.matchAll(/<td[^>]*data-label="([^"]*)"/g)].map(([, label]) => label)).toEqual(ORDER_LINE_COLUMNS);
  });

  it('shows a free-text Est. Ship Date as it was typed, and in edit mode says it is kept unless a day is picked', () => {
    const legacy = [{ ...lines[0]!, est_ship_date: 'week of March 3' }];
    expect(bodyCells(renderToStaticMarkup(<OrderLines lines={legacy} />))[0]?.[12]).toBe('week of March 3');
    const noop = () => {};
    const editing = renderToStaticMarkup(
      <OrderLines
        lines={legacy}
        admin={{
          editing: () => ({ draft: { customer_po: 'PO-77', po: 'SO-1', est_ship_date: 'week of March 3' }, saving: false }),
          toggle: noop,
          change: noop,
          save: noop,
          cancel: noop,
          editButtonRef: noop,
        }}
      />,
    );
    const dateInput = /<input[^>]*type="date"[^>]*>/.exec(editing)?.[0] ?? '';
    expect(dateInput).toContain('value=""');
    const hintId = /aria-describedby="([^"]+)"/.exec(dateInput)?.[1];
    expect(editing).toContain(`id="${hintId}" class="order-lines__was">Currently “week of March 3”, kept unless you pick a day</span>`);
  });
});
