import { InboxOutlined } from '@ant-design/icons';
import { FIRMWARE_EXTENSIONS, FIRMWARE_LIMITS as L } from '@rrp/contracts/constants';
import { Form, Input, Modal, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { usePublishFirmware } from './api';

type Values = { version: string; moduleModel: string; releaseNotes: string; file?: UploadFile[] };

const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._+-]*$/;
const FIELD_OF: Record<number, keyof Values> = { 39002: 'version', 39003: 'file' };

/** Why a chosen file cannot be firmware (the server checks the same), or null. */
function fileProblem(f: { name: string; size?: number }, t: (k: string, o?: Record<string, unknown>) => string): string | null {
  const name = f.name.toLowerCase();
  const ok = FIRMWARE_EXTENSIONS.some((ext) => name.endsWith(ext)) && (f.size ?? 0) <= L.fileBytes;
  return ok ? null : t('firmware:ops.wrongFile', { extensions: FIRMWARE_EXTENSIONS.join(' '), size: '20 MB' });
}

/** Publishes a firmware file: version, module model, release notes and the file. */
export function PublishFirmwareDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const publish = usePublishFirmware();

  const submit = async (v: Values) => {
    const file = v.file?.[0]?.originFileObj;
    if (!file) return;
    try {
      await publish.mutateAsync({ version: v.version.trim(), moduleModel: v.moduleModel.trim(), releaseNotes: v.releaseNotes.trim(), file });
      toast.success(t('firmware:ops.published'));
      form.resetFields();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && FIELD_OF[err.code]) form.setFields([{ name: FIELD_OF[err.code], errors: [err.message] }]);
      else if (err instanceof ApiError || err instanceof ServerAbnormalError) toast.error(err.message);
    }
  };

  const hint = t('firmware:ops.fileHint', { extensions: FIRMWARE_EXTENSIONS.join(' '), size: '20 MB' });
  return (
    <Modal
      open={open}
      title={t('firmware:ops.publish')}
      okText={t('firmware:ops.publish')}
      cancelText={t('common:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={publish.isPending}
      okButtonProps={{ 'data-testid': 'firmware-publish-ok' } as never}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="firmware-publish" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="moduleModel"
          label={t('firmware:column.moduleModel')}
          rules={[
            { required: true, whitespace: true, message: t('ops:settings.required') },
            { max: L.moduleModelMax, message: t('ops:tooLong', { max: L.moduleModelMax }) },
          ]}
        >
          <Input maxLength={L.moduleModelMax} placeholder="EC200U" data-testid="firmware-model" />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('firmware:column.version')}
          extra={t('firmware:ops.versionHint')}
          rules={[
            { required: true, whitespace: true, message: t('ops:settings.required') },
            { max: L.versionMax, message: t('ops:tooLong', { max: L.versionMax }) },
            { pattern: VERSION_RE, message: t('firmware:ops.versionHint') },
          ]}
        >
          <Input maxLength={L.versionMax} placeholder="1.2.3" data-testid="firmware-version" />
        </Form.Item>
        <Form.Item
          name="releaseNotes"
          label={t('firmware:column.releaseNotes')}
          rules={[
            { required: true, whitespace: true, message: t('ops:settings.required') },
            { max: L.notesMax, message: t('ops:tooLong', { max: L.notesMax }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={L.notesMax} showCount data-testid="firmware-notes" />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('firmware:ops.file')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
          rules={[{ required: true, message: t('firmware:ops.fileRequired') }]}
        >
          <Upload.Dragger
            data-testid="firmware-file"
            accept={FIRMWARE_EXTENSIONS.join(',')}
            maxCount={1}
            multiple={false}
            beforeUpload={(file) => {
              const problem = fileProblem(file, t);
              if (!problem) return false;
              form.setFields([{ name: 'file', value: [], errors: [problem] }]);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('firmware:ops.chooseFile')}</p>
            <p className="ant-upload-hint">{hint}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}
