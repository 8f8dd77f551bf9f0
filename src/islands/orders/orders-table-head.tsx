/** The orders table's caption and column headers. */
export function OrdersTableHead() {
  return (
    <>
      <caption className="visually-hidden">Placed and paid orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Lines</span>
          </th>
          <th scope="col">Order Date</th>
          <th scope="col">Order No.</th>
          <th scope="col">Order Name</th>
          <th scope="col">Store</th>
          <th scope="col" className="orders-table__status">
            Status
          </th>
        </tr>
      </thead>
    </>
  );
}
