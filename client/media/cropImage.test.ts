import { describe, expect, it } from 'vitest';
import { croppedName, rotatedSize } from './cropImage';

describe('rotatedSize', () => {
  it('swaps the sides at 90° and grows the box at 45°', () => {
    const quarter = rotatedSize(400, 300, 90);
    expect(Math.round(quarter.width)).toBe(300);
    expect(Math.round(quarter.height)).toBe(400);
    const eighth = rotatedSize(100, 100, 45);
    expect(eighth.width).toBeCloseTo(141.42, 1);
    expect(rotatedSize(400, 300, 0)).toEqual({ width: 400, height: 300 });
  });
});

describe('croppedName', () => {
  it('keeps the name, with the extension of the JPEG it became', () => {
    expect(croppedName('Kharg sunset.png')).toBe('Kharg sunset.jpg');
    expect(croppedName('shot.final.webp')).toBe('shot.final.jpg');
    expect(croppedName('no extension')).toBe('no extension.jpg');
    expect(croppedName('.png')).toBe('image.jpg');
  });
});
