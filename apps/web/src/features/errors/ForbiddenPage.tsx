import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('errors:401.subTitle')}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('errors:action.home')}
        </Button>
      }
    />
  );
}
