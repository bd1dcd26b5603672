import {
  AccountBookOutlined,
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  CloudDownloadOutlined,
  FileDoneOutlined,
  MessageOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { StaffPermission } from '@rrp/contracts/constants';
import type { ComponentType } from 'react';
import { type LazyPage, lazyPage } from '../lib/lazyPage';

/** The back office's route table: its menu and pages, each behind a staff permission code. */
export type OpsRoute = { path: string; titleKey: string; icon: ComponentType; permission: StaffPermission; page: LazyPage<ComponentType> };

export const OPS_ROUTES: readonly OpsRoute[] = [
  {
    path: '/ops/certifications',
    titleKey: 'ops:menu.certifications',
    icon: SafetyCertificateOutlined,
    permission: 'OPS_CERTIFICATION',
    page: lazyPage(() => import('./certifications/CertificationQueue')),
  },
  {
    path: '/ops/companies',
    titleKey: 'ops:menu.companies',
    icon: BankOutlined,
    permission: 'OPS_COMPANIES',
    page: lazyPage(() => import('./companies/CompanyDirectory')),
  },
  {
    path: '/ops/announcements',
    titleKey: 'ops:menu.announcements',
    icon: NotificationOutlined,
    permission: 'OPS_ANNOUNCEMENTS',
    page: lazyPage(() => import('./announcements/AnnouncementsPage')),
  },
  {
    path: '/ops/feedback',
    titleKey: 'ops:menu.feedback',
    icon: MessageOutlined,
    permission: 'OPS_FEEDBACK',
    page: lazyPage(() => import('./feedback/FeedbackInbox')),
  },
  {
    path: '/ops/orders',
    titleKey: 'ops:menu.orders',
    icon: AccountBookOutlined,
    permission: 'OPS_ORDERS',
    page: lazyPage(() => import('./orders/OpsOrdersPage'), { namespaces: ['orders'] }),
  },
  {
    path: '/ops/invoices',
    titleKey: 'ops:menu.invoices',
    icon: FileDoneOutlined,
    permission: 'OPS_INVOICES',
    page: lazyPage(() => import('./invoices/InvoicesPage'), { namespaces: ['invoices', 'orders'] }),
  },
  {
    path: '/ops/prices',
    titleKey: 'ops:menu.prices',
    icon: TagsOutlined,
    permission: 'OPS_PRICES',
    page: lazyPage(() => import('./prices/PricesPage'), { namespaces: ['orders'] }),
  },
  {
    path: '/ops/firmware',
    titleKey: 'ops:menu.firmware',
    icon: CloudDownloadOutlined,
    permission: 'OPS_FIRMWARE',
    page: lazyPage(() => import('./firmware/OpsFirmwarePage'), { namespaces: ['firmware'] }),
  },
  {
    path: '/ops/connectivity',
    titleKey: 'ops:menu.connectivity',
    icon: ApiOutlined,
    permission: 'OPS_CONNECTIVITY',
    page: lazyPage(() => import('./connectivity/ConnectivityPage'), { namespaces: ['connectivity', 'devices'] }),
  },
  { path: '/ops/audit', titleKey: 'ops:menu.audit', icon: AuditOutlined, permission: 'OPS_AUDIT', page: lazyPage(() => import('./audit/OpsAuditPage')) },
  {
    path: '/ops/settings',
    titleKey: 'ops:menu.settings',
    icon: SettingOutlined,
    permission: 'OPS_PLATFORM_SETTINGS',
    page: lazyPage(() => import('./settings/SupportContactPage')),
  },
];
