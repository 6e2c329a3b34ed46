import { useEffect, useRef } from 'react';
import * as styles from './qr-code.css.ts';

const QR_SIZE = 220;
// Scanners need dark modules on a light ground whatever the theme: these are colours, not theme tokens.
const QR_COLORS = { dots: '#181a26', corners: '#4f46e5', background: '#ffffff' };

/**
 * Data as a QR code (a payment URI, an authenticator app's key), drawn in the browser: an SVG, no image, no network.
 * The drawing library loads with the first code shown, not with the page; its box holds the place meanwhile.
 */
export function QrCode({ data, label }: { data: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let isCurrent = true;
    void import('qr-code-styling').then(({ default: QRCodeStyling }) => {
      if (!isCurrent) return;
      const code = new QRCodeStyling({
        type: 'svg',
        width: QR_SIZE,
        height: QR_SIZE,
        margin: 0,
        data,
        qrOptions: { errorCorrectionLevel: 'M' },
        dotsOptions: { type: 'rounded', color: QR_COLORS.dots },
        cornersSquareOptions: { type: 'extra-rounded', color: QR_COLORS.corners },
        cornersDotOptions: { type: 'dot', color: QR_COLORS.corners },
        backgroundOptions: { color: QR_COLORS.background },
      });
      node.replaceChildren();
      code.append(node);
    });
    return () => {
      isCurrent = false;
      node.replaceChildren();
    };
  }, [data]);

  return <div ref={container} className={styles.qr} role="img" aria-label={label} />;
}
