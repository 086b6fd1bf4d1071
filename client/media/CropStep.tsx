import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Cropper from 'react-easy-crop';
import { Button } from '@client/components/Button';
import { cropToJpeg } from './cropImage';
import type { CropState } from './useCrop';
import styles from './UploadWidget.module.css';

interface CropStepProps {
  image: string;
  /** A square crop shown round; otherwise 4:3. */
  avatar: boolean;
  crop: CropState;
  onBack: () => void;
  onCropped: (jpeg: Blob) => void;
  onError: (message: string) => void;
}

const ZOOM = { min: 1, max: 3, step: 0.05, key: 0.1 };

/** The widget's edit step: crop, zoom and turn a still, then make the JPEG that is sent. */
export function CropStep({ image, avatar, crop, onBack, onCropped, onError }: CropStepProps) {
  const { t } = useTranslation();
  const apply = async () => {
    if (!crop.area) return;
    try {
      onCropped(await cropToJpeg(image, crop.area, crop.rotation));
    } catch (e) {
      onError((e as Error).message);
    }
  };
  // The crop area moves the picture with the arrow keys (react-easy-crop); + and − zoom from there too.
  const zoomKeys = (e: KeyboardEvent) => {
    const by = e.key === '+' || e.key === '=' ? ZOOM.key : e.key === '-' ? -ZOOM.key : 0;
    if (!by) return;
    e.preventDefault();
    crop.setZoom((z) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round((z + by) * 100) / 100)));
  };
  return (
    <>
      <div className={styles.cropper} onKeyDown={zoomKeys}>
        <Cropper
          image={image}
          crop={crop.crop}
          zoom={crop.zoom}
          rotation={crop.rotation}
          aspect={avatar ? 1 : 4 / 3}
          cropShape={avatar ? 'round' : 'rect'}
          onCropChange={crop.setCrop}
          onZoomChange={crop.setZoom}
          onRotationChange={crop.setRotation}
          onCropComplete={(_, pixels) => crop.setArea(pixels)}
          cropperProps={{ 'aria-label': t('widget.cropArea'), role: 'group' }}
        />
      </div>
      <div className={styles.controls}>
        <Button size="sm" onClick={() => crop.setRotation((r) => (r + 270) % 360)} aria-label={t('widget.rotateLeft')}>
          ⟲
        </Button>
        <Button size="sm" onClick={() => crop.setRotation((r) => (r + 90) % 360)} aria-label={t('widget.rotateRight')}>
          ⟳
        </Button>
        <label className={styles.zoom}>
          {t('widget.zoom')}
          <input type="range" min={ZOOM.min} max={ZOOM.max} step={ZOOM.step} value={crop.zoom} onChange={(e) => crop.setZoom(Number(e.target.value))} />
        </label>
      </div>
      <div className={styles.actions}>
        <Button onClick={onBack}>{t('common.previous')}</Button>
        <Button variant="primary" onClick={() => void apply()} disabled={!crop.area}>
          {t('widget.apply')}
        </Button>
      </div>
    </>
  );
}
