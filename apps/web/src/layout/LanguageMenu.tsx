import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@rrp/contracts/constants';
import { Button } from 'antd';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { switchLanguage } from '../i18n/switchLanguage';

/**
 * The language switch of the public pages (sign-in, registration, legal texts): a button and a
 * small hand-made list. The console header keeps antd's Dropdown (header/LanguageSwitch); this
 * one avoids loading antd's Menu and Dropdown on the sign-in page.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLocale();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // the list opens with the current language focused, so the arrow keys and Enter work at once
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, [open]);

  const choose = (lng: Locale) => {
    setOpen(false);
    void switchLanguage(lng);
  };

  const onListKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
    const i = items.indexOf(document.activeElement as HTMLElement);
    items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };

  return (
    <div className="lang-menu" ref={root}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        data-testid="lang-switch"
        aria-label={`${t(`common:language.${current}`)} - ${t('common:language.switch')}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {t(`common:language.${current}`)}
      </Button>
      {open && (
        <div className="lang-menu-list" id={listId} role="menu" aria-label={t('common:language.switch')} onKeyDown={onListKey}>
          {LOCALES.map((lng) => (
            <button
              key={lng}
              type="button"
              role="menuitemradio"
              aria-checked={lng === current}
              className={lng === current ? 'lang-menu-item lang-menu-item-active' : 'lang-menu-item'}
              data-testid={`lang-${lng}`}
              lang={lng}
              onClick={() => choose(lng)}
            >
              {t(`common:language.${lng}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
