import { useState } from 'react';
import type { CropArea } from './cropImage';

/**
 * Where the cropper stands: kept by the widget, so going back from the preview finds the crop as
 * it was left; a new pick starts straight and unzoomed.
 */
export function useCrop() {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<CropArea | null>(null);
  const reset = () => {
    setRotation(0);
    setZoom(1);
  };
  return { crop, setCrop, zoom, setZoom, rotation, setRotation, area, setArea, reset };
}

export type CropState = ReturnType<typeof useCrop>;
