import { CloudUploadOutlined, SettingOutlined, ShoppingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { Permission } from '@rrp/contracts';
import type { ComponentType } from 'react';

/**
 * Menu section parents of spec section 2, in menu order. A section is shown only when at
 * least one of its pages is visible to the person.
 */
export type SectionKey = 'deviceImport' | 'serviceSettings' | 'valueAdded' | 'accountManagement' | 'memberAuthority';

export type MenuSection = { key: SectionKey; titleKey: string; icon: ComponentType; permission: Permission };

export const SECTIONS: readonly MenuSection[] = [
  { key: 'deviceImport', titleKey: 'menu:section.deviceImport', icon: CloudUploadOutlined, permission: 'DEVICE_IMPORT' },
  { key: 'serviceSettings', titleKey: 'menu:section.serviceSettings', icon: SettingOutlined, permission: 'SERVICE_SETTING' },
  { key: 'valueAdded', titleKey: 'menu:section.valueAdded', icon: ShoppingOutlined, permission: 'MERCHANDISE' },
  { key: 'accountManagement', titleKey: 'menu:section.accountManagement', icon: UserOutlined, permission: 'ACCOUNT' },
  { key: 'memberAuthority', titleKey: 'menu:section.memberAuthority', icon: TeamOutlined, permission: 'USER_ROLE' },
];

export function findSection(key: SectionKey | undefined): MenuSection | undefined {
  return key ? SECTIONS.find((s) => s.key === key) : undefined;
}
