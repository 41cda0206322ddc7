/** The sample's map: a shopper's way from the home page to a placed order, on the sample's views and events. */

interface MapNodeSpec {
  view: string;
  x: number;
  y: number;
}
interface MapEdgeSpec {
  from: string;
  to: string;
  event?: string;
  label?: string;
}

// Boxes are 220 wide and up to about 190 tall (six events listed). Four columns, read left to right
// and wrapping like text, keep the whole journey about as big as a laptop's editor at a readable
// zoom; the gaps leave room for the edge labels.
const column = (n: number) => n * 320;
const row = (n: number) => n * 250;
export const JOURNEY: { name: string; description: string; nodes: MapNodeSpec[]; edges: MapEdgeSpec[] } = {
  name: 'Shopping journey',
  description:
    'How a shopper goes from the home page to a placed order: finding a product, the cart, signing in and the four checkout steps.',
  nodes: [
    { view: 'Home', x: column(0), y: row(0) },
    { view: 'Search Results', x: column(1), y: row(0) },
    { view: 'Category', x: column(1), y: row(1) },
    { view: 'Product Detail', x: column(2), y: row(0) },
    { view: 'Wishlist', x: column(2), y: row(1) },
    { view: 'Cart', x: column(3), y: row(0) },
    { view: 'Sign In', x: column(3), y: row(1) },
    { view: 'Checkout Shipping', x: column(0), y: row(2) },
    { view: 'Checkout Delivery', x: column(1), y: row(2) },
    { view: 'Checkout Payment', x: column(2), y: row(2) },
    { view: 'Checkout Review', x: column(3), y: row(2) },
    { view: 'Order Confirmation', x: column(3), y: row(3) },
  ],
  edges: [
    { from: 'Home', to: 'Search Results', event: 'Products Searched' },
    { from: 'Home', to: 'Category', label: 'opens a category from the menu' },
    { from: 'Home', to: 'Product Detail', event: 'Product Clicked', label: 'bestseller' },
    { from: 'Search Results', to: 'Product Detail', event: 'Product Clicked' },
    { from: 'Category', to: 'Product Detail', event: 'Product Clicked' },
    { from: 'Product Detail', to: 'Cart', event: 'Product Added' },
    { from: 'Product Detail', to: 'Wishlist', event: 'Wishlist Product Added' },
    { from: 'Wishlist', to: 'Cart', event: 'Product Added' },
    { from: 'Cart', to: 'Checkout Shipping', event: 'Checkout Started' },
    { from: 'Cart', to: 'Sign In', label: 'signs in to check out' },
    { from: 'Sign In', to: 'Checkout Shipping', event: 'Signed In' },
    { from: 'Checkout Shipping', to: 'Checkout Delivery', event: 'Checkout Step Completed' },
    { from: 'Checkout Delivery', to: 'Checkout Payment', event: 'Checkout Step Completed' },
    { from: 'Checkout Payment', to: 'Checkout Review', event: 'Payment Info Entered' },
    { from: 'Checkout Review', to: 'Order Confirmation', event: 'Order Completed' },
  ],
};
