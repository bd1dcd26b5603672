import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A secret shown masked until asked for, with a copy button that copies it either way. */
export function SecretField({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Space size={4} wrap className="developer-secret">
      <Typography.Text code copyable={{ text: value, tooltips: [t('developer:copy'), t('developer:copied')] }} translate="no" data-testid={testId}>
        {shown ? value : '•'.repeat(24)}
      </Typography.Text>
      <Button
        type="link"
        size="small"
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown(!shown)}
        data-testid={`${testId}-toggle`}
      >
        {shown ? t('developer:hide') : t('developer:show')}
      </Button>
    </Space>
  );
}

/** A value developers copy (key ids, public keys, URLs), in a fixed-width font. */
export function CopyText({ value, testId, ellipsis }: { value: string; testId?: string; ellipsis?: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography.Text
      code
      className={ellipsis ? 'developer-copy developer-copy-ellipsis' : 'developer-copy'}
      copyable={{ text: value, tooltips: [t('developer:copy'), t('developer:copied')] }}
      translate="no"
      data-testid={testId}
    >
      {value}
    </Typography.Text>
  );
}
