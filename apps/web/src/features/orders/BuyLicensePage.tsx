import { PurchasePage } from './PurchasePage';

/** License purchase (/license): device Licenses. */
export default function BuyLicensePage() {
  return <PurchasePage productType={0} />;
}
