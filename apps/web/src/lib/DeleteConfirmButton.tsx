import { DeleteOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  /** the question, and what deleting does */
  title: string;
  hint: string;
  /** the button's text and its accessible name (which names the record) */
  label: string;
  ariaLabel: string;
  testId: string;
  okTestId: string;
  onConfirm: () => void;
};

/** A row's delete link: a danger link that asks first. */
export function DeleteConfirmButton({ title, hint, label, ariaLabel, testId, okTestId, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={<Typography.Text type="secondary">{hint}</Typography.Text>}
      okText={label}
      okButtonProps={{ danger: true, 'data-testid': okTestId } as ButtonProps}
      cancelText={t('common:action.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={ariaLabel} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
