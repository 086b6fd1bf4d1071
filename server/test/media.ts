import sharp from 'sharp';

/** Test images made on the spot with sharp (no fixtures on disk). */
export const solid = (width: number, height: number, background = '#c33') => sharp({ create: { width, height, channels: 3, background } });

export const png = (width = 64, height = 48) => solid(width, height).png().toBuffer();

/** A JPEG that says where it was taken (EXIF GPS), who made it, and that it is turned (orientation 6). */
export const jpegWithGps = () =>
  solid(64, 48)
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'Pocket 3000' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** An animated GIF of `frames` frames. */
export async function animatedGif(frames = 3) {
  const colours = ['#f00', '#0f0', '#00f', '#ff0'];
  const pages = await Promise.all(Array.from({ length: frames }, (_, i) => solid(40, 40, colours[i % colours.length]).png().toBuffer()));
  return sharp(pages, { join: { animated: true } }).gif().toBuffer();
}

/** A real 20000×20000 PNG (one colour, so it compresses to about a megabyte). */
export const hugePng = () => sharp({ limitInputPixels: false, create: { width: 20000, height: 20000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();

/** The EXIF tag that points to the GPS block, in either byte order. */
export const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
