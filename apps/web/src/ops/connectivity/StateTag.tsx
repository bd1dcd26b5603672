import type { TConnectivityAccount } from '@rrp/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';

const COLORS: Record<TConnectivityAccount['state'], string> = { active: 'green', disabled: 'default', auth_failed: 'red', unreachable: 'orange' };

/** An account's state: "unreachable since hh:mm", and the platform's message in a tooltip when there is one. */
export function StateTag({ account }: { account: Pick<TConnectivityAccount, 'state' | 'stateMessage' | 'unreachableSince'> }) {
  const { t } = useTranslation();
  const label =
    account.state === 'unreachable' && account.unreachableSince
      ? t('connectivity:unreachableSince', { time: `${formatUtc(account.unreachableSince, 'HH:mm')} UTC` })
      : t(`connectivity:state.${account.state}`);
  const tag = (
    <Tag color={COLORS[account.state]} data-testid="connectivity-state">
      {label}
    </Tag>
  );
  return account.stateMessage ? <Tooltip title={account.stateMessage}>{tag}</Tooltip> : tag;
}
