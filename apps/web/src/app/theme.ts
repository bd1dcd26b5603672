import type { ThemeConfig } from 'antd';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    // secondary text, descriptions and placeholders at WCAG AA contrast (>= 4.5:1) on white and on
    // the page background; antd's defaults (45 % and 25 % black) are 3.4:1 and 1.9:1
    colorTextSecondary: '#596171',
    colorTextTertiary: '#596171',
    colorTextDescription: '#596171',
    colorTextPlaceholder: '#687080',
    // error red readable as text (danger buttons, form messages): 5.9:1 instead of 3.3:1
    colorError: '#cf1322',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f3f5f9', headerHeight: 56, headerPadding: '0 16px' },
    Menu: { itemBorderRadius: 6, subMenuItemBg: 'transparent' },
  },
};
