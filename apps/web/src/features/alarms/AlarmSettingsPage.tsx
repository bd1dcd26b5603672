import { AlarmSettingsCard } from './AlarmSettingsCard';
import { PoolWarningCard } from './PoolWarningCard';
import './alarms.css';

/** Alarm monitoring (spec section 2, /alarm-settings): the data pool warning policy and the device alarm settings. */
export default function AlarmSettingsPage() {
  return (
    <div className="alarm-page" data-testid="alarm-settings-page">
      <PoolWarningCard />
      <AlarmSettingsCard />
    </div>
  );
}
