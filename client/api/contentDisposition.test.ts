import { describe, expect, it } from 'vitest';
import { parse } from 'content-disposition';
import { attachmentDisposition } from './contentDisposition';

describe('attachmentDisposition', () => {
  it('percent-encodes every name so the header stays ASCII and reads back the same', () => {
    for (const name of ["it's (final) *.png", '战地 截图.png', 'a;b="c".zip', '😀 100%.webm']) {
      const header = attachmentDisposition(name);
      expect(header).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
      expect(parse(header).parameters.filename).toBe(name);
    }
  });
});
