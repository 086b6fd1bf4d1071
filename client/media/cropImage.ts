/** The part of the picture kept, in its own pixels (what react-easy-crop reports). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function load(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the picture cannot be read'));
    img.src = src;
  });
}

/** The size of the box a `width`×`height` picture needs once turned by `degrees`. */
export function rotatedSize(width: number, height: number, degrees: number) {
  const r = (degrees * Math.PI) / 180;
  return { width: Math.abs(Math.cos(r) * width) + Math.abs(Math.sin(r) * height), height: Math.abs(Math.sin(r) * width) + Math.abs(Math.cos(r) * height) };
}

/**
 * Turns the picture by `rotation` degrees, cuts out `area` (in the turned picture's pixels, as the
 * cropper reports it) and encodes the result as a JPEG.
 */
export async function cropToJpeg(src: string, area: CropArea, rotation: number, quality = 0.9): Promise<Blob> {
  const img = await load(src);
  const box = rotatedSize(img.naturalWidth, img.naturalHeight, rotation);
  const turned = document.createElement('canvas');
  turned.width = Math.round(box.width);
  turned.height = Math.round(box.height);
  const tctx = turned.getContext('2d')!;
  tctx.translate(turned.width / 2, turned.height / 2);
  tctx.rotate((rotation * Math.PI) / 180);
  tctx.drawImage(img, -img.naturalWidth / 2, -img.naturalHeight / 2);

  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(area.width));
  out.height = Math.max(1, Math.round(area.height));
  const ctx = out.getContext('2d')!;
  // JPEG has no transparency: a white background under transparent parts.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(turned, Math.round(area.x), Math.round(area.y), out.width, out.height, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture cannot be encoded'))), 'image/jpeg', quality));
}

/** The name a cropped picture is uploaded under: its file's name, as the JPEG it became. */
export const croppedName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'image'}.jpg`;
