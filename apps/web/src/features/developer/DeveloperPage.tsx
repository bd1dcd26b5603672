import { Card, Radio, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsPhone } from '../../lib/useIsPhone';
import { ApiKeysPanel } from './ApiKeysPanel';
import type { DeliveryFilter } from './api';
import { CallbackKeysPanel } from './CallbackKeysPanel';
import { DeliveriesPanel } from './DeliveriesPanel';
import { DeviceKeyPanel } from './DeviceKeyPanel';
import { WebhooksPanel } from './WebhooksPanel';
import './developer.css';

const TABS = ['deviceKey', 'apiKeys', 'webhooks', 'deliveries', 'callbackKeys'] as const;
type Tab = (typeof TABS)[number];
const tabOf = (p: URLSearchParams): Tab => ((TABS as readonly string[]).includes(p.get('tab') ?? '') ? (p.get('tab') as Tab) : 'deviceKey');

/**
 * The developer area (spec section 2, /developer): the device key, API keys, webhook endpoints
 * with their delivery log, and the callback keys. The tab is in the URL, so a link lands on it.
 */
export default function DeveloperPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const [filter, setFilter] = useState<DeliveryFilter>({ pageNum: 1, pageSize: 10 });
  const show = (next: Tab) => setParams(next === 'deviceKey' ? {} : { tab: next });

  const panes: Record<Tab, ReactNode> = {
    deviceKey: <DeviceKeyPanel />,
    apiKeys: <ApiKeysPanel />,
    webhooks: (
      <WebhooksPanel
        onShowDeliveries={(endpointId) => {
          setFilter({ pageNum: 1, pageSize: 10, endpointId });
          show('deliveries');
        }}
      />
    ),
    deliveries: <DeliveriesPanel filter={filter} onFilter={setFilter} />,
    callbackKeys: <CallbackKeysPanel />,
  };
  const label = (key: Tab) => t(`developer:tabs.${key}`);

  return (
    <Card variant="borderless" className="developer-card">
      {phone ? (
        <>
          <Radio.Group
            value={tab}
            onChange={(e) => show(e.target.value as Tab)}
            optionType="button"
            buttonStyle="solid"
            className="developer-tab-switch"
            aria-label={t('menu:page.developer')}
            data-testid="developer-tabs"
            options={TABS.map((key) => ({ value: key, label: label(key) }))}
          />
          {panes[tab]}
        </>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => show(key as Tab)}
          data-testid="developer-tabs"
          destroyOnHidden
          items={TABS.map((key) => ({ key, label: label(key), children: panes[key] }))}
        />
      )}
    </Card>
  );
}
