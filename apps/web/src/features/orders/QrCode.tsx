import { Alert, Skeleton } from 'antd';
import type * as QR from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Draws a text (a WeChat Pay link) as a QR code: an SVG image with an accessible name. */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    // the library loads with the first code shown, not with the page
    import('qrcode')
      .then((mod) => {
        const qr = ((mod as { default?: typeof QR }).default ?? mod) as typeof QR;
        return qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: size });
      })
      .then(
        (svg) => live && setImage({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [value, size]);

  if (failed) return <Alert type="error" showIcon title={t('orders:wechat.qrFailed')} />;
  if (!image || image.value !== value) return <Skeleton.Node active style={{ width: size, height: size }} />;
  return <img className="order-qr" src={image.src} alt={label} width={size} height={size} data-testid="wechat-qr" />;
}
