import { Space } from 'antd';
import { Can } from '../../lib/access';
import { ExpiringDevices } from './ExpiringDevices';
import { LicenseLedger } from './LicenseLedger';
import { LicenseStockCard } from './LicenseStockCard';
import '../orders/orders.css';

/**
 * License management (spec section 2, hidden from the menu): the stock and what holds it, and,
 * for members holding DEVICE_LIST (as the License routes require), the devices about to expire
 * with their auto-renewal and the history of every change.
 */
export default function LicenseManagementPage() {
  return (
    <Space orientation="vertical" size={16} className="full-width">
      <LicenseStockCard />
      <Can code="DEVICE_LIST">
        <ExpiringDevices />
      </Can>
      <Can code="DEVICE_LIST">
        <LicenseLedger />
      </Can>
    </Space>
  );
}
