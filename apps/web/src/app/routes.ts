import {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BugOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  CodeOutlined,
  ContainerOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DatabaseOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  MobileOutlined,
  NotificationOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  RadarChartOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prefetchOverview } from '../features/home/api';
import type { PermissionRule } from '../lib/access';
import { type LazyPage, lazyPage } from './lazyPage';
import { HOME_PATH } from './paths';
import type { SectionKey } from './sections';

export { HOME_PATH, LOGIN_PATH, PUBLIC_PATHS } from './paths';

/**
 * The console's route table: one entry per signed-in page. The router, the side menu, the
 * tabs and the breadcrumb are all built from it. To add a page, add an entry here (and its
 * title to locales/<lng>/menu.json).
 */
export type ConsoleRoute = {
  path: string;
  /** i18n key of the page title (menu, tab, breadcrumb, document title) */
  titleKey: string;
  icon?: ComponentType;
  /** permission code needed to open the page (or any one of several); none means any signed-in member */
  permission?: PermissionRule;
  /** menu section parent; none puts the page at the top level of the menu */
  section?: SectionKey;
  hideInMenu?: boolean;
  /** the menu entry to highlight for a hidden page (e.g. a detail page) */
  activeMenu?: string;
  /** breadcrumb parent page path */
  parent?: string;
  /** keep the page mounted while its tab is open (default true) */
  cache?: boolean;
  /** whether its tab can be closed (default true) */
  closable?: boolean;
  page: LazyPage<ComponentType>;
  /** reads the page's data ahead of its first render (used when signing in lands on it) */
  prefetch?: (client: QueryClient) => Promise<unknown>;
};

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  {
    path: HOME_PATH,
    titleKey: 'menu:page.home',
    icon: HomeOutlined,
    cache: false,
    closable: false,
    page: lazyPage(() => import('../features/home/HomePage')),
    prefetch: prefetchOverview,
  },
  {
    path: '/device',
    titleKey: 'devices:page.import',
    icon: CloudUploadOutlined,
    permission: 'DEVICE_IMPORT',
    section: 'deviceImport',
    page: lazyPage(() => import('../features/devices/ImportPage')),
  },
  {
    path: '/device-logs',
    titleKey: 'devices:page.importLog',
    icon: ProfileOutlined,
    permission: 'DEVICE_IMPORT',
    section: 'deviceImport',
    page: lazyPage(() => import('../features/devices/ImportLogPage')),
  },
  {
    path: '/device-list',
    titleKey: 'devices:page.list',
    icon: MobileOutlined,
    permission: 'DEVICE_LIST',
    page: lazyPage(() => import('../features/devices/DeviceListPage')),
  },
  {
    path: '/device-list/detail',
    titleKey: 'devices:page.detail',
    permission: 'DEVICE_LIST',
    hideInMenu: true,
    activeMenu: '/device-list',
    parent: '/device-list',
    page: lazyPage(() => import('../features/devices/DeviceDetailPage')),
  },
  {
    path: '/settings',
    titleKey: 'menu:page.strategies',
    icon: ControlOutlined,
    permission: 'SERVICE_SETTING_MONITORSTRATEGY_INFO',
    section: 'serviceSettings',
    page: lazyPage(() => import('../features/monitoring/StrategiesPage'), { namespaces: ['strategies'], antdLocale: true }),
  },
  {
    path: '/network-detection',
    titleKey: 'menu:page.networkDetection',
    icon: RadarChartOutlined,
    permission: 'DEVICE_LIST',
    section: 'serviceSettings',
    page: lazyPage(() => import('../features/detection/DetectionPage'), { namespaces: ['detection'] }),
  },
  {
    path: '/alarm-settings',
    titleKey: 'menu:page.alarmSettings',
    icon: BellOutlined,
    permission: 'SERVICE_SETTING_ALARM_MANAGE',
    section: 'serviceSettings',
    page: lazyPage(() => import('../features/alarms/AlarmSettingsPage'), { namespaces: ['alarms'] }),
  },
  {
    path: '/alarm-list',
    titleKey: 'menu:page.alarmList',
    icon: AlertOutlined,
    permission: 'SERVICE_SETTING_ALARM_MANAGE',
    section: 'serviceSettings',
    page: lazyPage(() => import('../features/alarms/AlarmListPage'), { namespaces: ['alarms'], antdLocale: true }),
  },
  {
    path: '/license',
    titleKey: 'menu:page.buyLicense',
    icon: SafetyCertificateOutlined,
    permission: 'MERCHANDISE_BUY_LICENSE',
    section: 'valueAdded',
    page: lazyPage(() => import('../features/orders/BuyLicensePage'), { namespaces: ['orders'] }),
  },
  {
    path: '/volume',
    titleKey: 'menu:page.buyData',
    icon: DatabaseOutlined,
    permission: 'MERCHANDISE_BUY_DATA',
    section: 'valueAdded',
    page: lazyPage(() => import('../features/orders/BuyDataPage'), { namespaces: ['orders'] }),
  },
  {
    path: '/ac-download',
    titleKey: 'menu:page.buyAc',
    icon: WifiOutlined,
    permission: 'MERCHANDISE_BUY_LICENSE',
    section: 'valueAdded',
    page: lazyPage(() => import('../features/orders/BuyAcPage'), { namespaces: ['orders'] }),
  },
  {
    // activation codes imported by the company (spec section 2): each import consumes AC Licenses
    path: '/ac-list',
    titleKey: 'menu:page.acList',
    icon: QrcodeOutlined,
    permission: 'AC_LIST',
    page: lazyPage(() => import('../features/ac/AcListPage'), { namespaces: ['ac'], antdLocale: true }),
  },
  {
    // the eUICCs of the company's devices with their profiles (spec section 2: eSIM list with EID detail)
    path: '/esim-list',
    titleKey: 'menu:page.esimList',
    icon: CreditCardOutlined,
    permission: 'DEVICE_LIST',
    page: lazyPage(() => import('../features/esim/EsimListPage'), { namespaces: ['esim'], antdLocale: true }),
  },
  {
    // the physical SIM slots of the devices' modules, driven by AT commands (docs/at-cards.md)
    path: '/at-card-management/index',
    titleKey: 'menu:page.atCards',
    icon: CodeOutlined,
    page: lazyPage(() => import('../features/atcards/AtCardsPage'), { namespaces: ['atcards'] }),
  },
  {
    // License management: hidden from the menu (spec section 2); reached from the overview,
    // the device import and detail pages, and the payment success page
    path: '/licenseManagement',
    titleKey: 'menu:page.licenseManagement',
    icon: KeyOutlined,
    hideInMenu: true,
    page: lazyPage(() => import('../features/licenses/LicenseManagementPage'), { namespaces: ['orders'] }),
  },
  {
    path: '/account',
    titleKey: 'menu:page.account',
    icon: IdcardOutlined,
    permission: 'ACCOUNT_INFO',
    section: 'accountManagement',
    page: lazyPage(() => import('../features/account/AccountPage')),
  },
  {
    path: '/order',
    titleKey: 'menu:page.orders',
    icon: ContainerOutlined,
    permission: 'ACCOUNT_ORDER',
    section: 'accountManagement',
    page: lazyPage(() => import('../features/orders/OrdersPage'), { namespaces: ['orders'] }),
  },
  {
    path: '/bill',
    titleKey: 'menu:page.bill',
    icon: AccountBookOutlined,
    permission: 'RECEIPT_LIST',
    section: 'accountManagement',
    page: lazyPage(() => import('../features/invoices/InvoicesPage'), { namespaces: ['invoices', 'orders'] }),
  },
  {
    // where a paid order lands: whoever may pay an order may see it (the detail call allows the same codes)
    path: '/order/success',
    titleKey: 'menu:page.paymentSuccess',
    icon: CheckCircleOutlined,
    permission: ['MERCHANDISE_BUY_LICENSE', 'MERCHANDISE_BUY_DATA', 'ACCOUNT_ORDER'],
    hideInMenu: true,
    cache: false,
    page: lazyPage(() => import('../features/orders/PaymentSuccessPage'), { namespaces: ['orders'] }),
  },
  {
    path: '/company/list',
    titleKey: 'menu:page.companies',
    icon: ApartmentOutlined,
    permission: 'COMPANY_SETTING',
    page: lazyPage(() => import('../features/company/CompanyPage')),
  },
  {
    path: '/report',
    titleKey: 'menu:page.report',
    icon: BarChartOutlined,
    permission: 'OPERATION_REPORT',
    // spec section 2: the operation report is not kept alive (it always shows fresh figures)
    cache: false,
    page: lazyPage(() => import('../features/reports/ReportPage'), { namespaces: ['reports'] }),
  },
  {
    path: '/developer',
    titleKey: 'menu:page.developer',
    icon: ApiOutlined,
    permission: 'DEVELOPER_MANAGEMENT',
    page: lazyPage(() => import('../features/developer/DeveloperPage'), { namespaces: ['developer'] }),
  },
  {
    path: '/audit',
    titleKey: 'menu:page.audit',
    icon: AuditOutlined,
    permission: 'AUDIT_LOG',
    section: 'accountManagement',
    page: lazyPage(() => import('../features/audit/AuditPage')),
  },
  {
    path: '/user',
    titleKey: 'menu:page.members',
    icon: UserOutlined,
    permission: 'USER_LIST',
    section: 'memberAuthority',
    page: lazyPage(() => import('../features/members/MembersPage')),
  },
  {
    path: '/role',
    titleKey: 'menu:page.roles',
    icon: SafetyOutlined,
    permission: 'ROLE_LIST',
    section: 'memberAuthority',
    page: lazyPage(() => import('../features/roles/RolesPage')),
  },
  {
    path: '/newspaper/list',
    titleKey: 'menu:page.announcements',
    icon: NotificationOutlined,
    page: lazyPage(() => import('../features/announcements/AnnouncementListPage')),
  },
  {
    path: '/newspaper/detail',
    titleKey: 'menu:page.announcementDetail',
    hideInMenu: true,
    activeMenu: '/newspaper/list',
    parent: '/newspaper/list',
    page: lazyPage(() => import('../features/announcements/AnnouncementDetailPage')),
  },
  {
    path: '/document',
    titleKey: 'menu:page.document',
    icon: QuestionCircleOutlined,
    hideInMenu: true,
    page: lazyPage(() => import('../features/help/DocumentPage'), { namespaces: ['help', 'firmware'] }),
  },
  {
    path: '/error-logger',
    titleKey: 'menu:page.errorLogger',
    icon: BugOutlined,
    hideInMenu: true,
    page: lazyPage(() => import('../features/errors/ErrorLoggerPage')),
  },
];

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function findRoute(pathname: string, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): ConsoleRoute | undefined {
  const p = normalise(pathname);
  return routes.find((r) => r.path === p);
}
