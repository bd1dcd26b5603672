import { PurchasePage } from './PurchasePage';

/** AC License purchase (/ac-download): one per AC imported. */
export default function BuyAcPage() {
  return <PurchasePage productType={4} />;
}
