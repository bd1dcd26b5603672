import { ReloadOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaUrl } from './api';

/** The picture captcha; a click asks for a new one (the parent makes a fresh UUID). */
export function CaptchaImage({ captchaId, onRefresh }: { captchaId: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  const [failedId, setFailedId] = useState<string | null>(null);
  const failed = failedId === captchaId;
  return (
    <Tooltip title={t('auth:login.captchaRefresh')}>
      <button type="button" className="captcha-box" onClick={onRefresh} aria-label={t('auth:login.captchaRefresh')}>
        {failed ? (
          <span className="captcha-failed">
            <ReloadOutlined /> {t('auth:login.captchaFailed')}
          </span>
        ) : (
          <img
            data-testid="login-captcha-img"
            src={captchaUrl(captchaId)}
            alt={t('auth:login.captchaAlt')}
            width={120}
            height={40}
            onError={() => setFailedId(captchaId)}
          />
        )}
      </button>
    </Tooltip>
  );
}
