/** The orders screen's lines table's columns as a buyer reads them, written once for the tests that check them. */
export const ORDER_LINE_COLUMNS = [
  'Item Code',
  'Quantity',
  'Price',
  'Description',
  'Size',
  'Color',
  'Embroidery',
  'Placement',
  'Second Logo',
  'Second Placement',
  'Customer PO',
  'PO',
  'Est. Ship Date',
];
