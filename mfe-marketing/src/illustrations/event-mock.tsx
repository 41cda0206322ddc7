/** A static picture of an event page: effective attributes with the layer each came from. */
const ROWS = [
  ['app_version', 'string', 'required', 'system'],
  ['page_category', 'enum', 'required', 'view: Product page'],
  ['product_id', 'string', 'required', 'event'],
  ['quantity', 'integer ≥ 1', 'required', 'event'],
  ['coupon_code', 'string', 'optional', 'event'],
];

export function EventMock() {
  return (
    <figure className="mk-mock" aria-label="An event page in Tracemap" style={{ margin: 0 }}>
      <div className="mk-mock__bar" aria-hidden="true">
        <i />
        <i />
        <i />
      </div>
      <div className="mk-mock__body">
        <p style={{ margin: '0 0 4px' }}>
          <strong>add_to_cart</strong> <span className="mk-chip">live</span>{' '}
          <span className="mk-chip mk-chip--muted">track</span>
        </p>
        <p style={{ margin: '0 0 12px', color: '#475569' }}>
          When the user adds a product to the cart from the product page.
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Attribute</th>
              <th scope="col">Type</th>
              <th scope="col">Presence</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([name, type, presence, from]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{type}</td>
                <td>{presence}</td>
                <td>
                  <span className="mk-chip mk-chip--muted">{from}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p style={{ margin: '12px 0 0', color: '#15803d' }}>✓ Lint: no errors · JSON Schema ready</p>
      </div>
    </figure>
  );
}
