import type { MemberState } from '@rrp/contracts/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MemberState, string> = { pending: 'gold', enabled: 'green', disabled: 'default' };

export function MemberStateTag({ state }: { state: MemberState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`members:state.${state}`)}</Tag>;
}
