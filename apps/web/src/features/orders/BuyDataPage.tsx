import { PurchasePage } from './PurchasePage';

/** Data top-up (/volume): whole GB into the data pool. */
export default function BuyDataPage() {
  return <PurchasePage productType={1} />;
}
