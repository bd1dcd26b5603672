import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import utc from 'dayjs/plugin/utc';
import i18next from 'i18next';

/**
 * dayjs with the UTC plugin and the page's language. Imported by the modules that format
 * dates (all of them console code), so the sign-in pages never download it.
 */
dayjs.extend(utc);

function follow(lng: string | undefined): void {
  dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
}

follow(i18next.language);
i18next.on('languageChanged', follow);

export default dayjs;
