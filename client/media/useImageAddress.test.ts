import { describe, expect, it } from 'vitest';
import { IMAGE_URL } from './useImageAddress';

describe('IMAGE_URL', () => {
  it('accepts http(s) image addresses only', () => {
    expect(IMAGE_URL.test('https://img.example/a.png')).toBe(true);
    expect(IMAGE_URL.test('ftp://img.example/a.png')).toBe(false);
  });
});
