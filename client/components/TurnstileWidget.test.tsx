// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FieldFrame } from './Field';
import { TurnstileWidget } from './TurnstileWidget';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('TurnstileWidget', () => {
  it('is a group named by its field’s label and described by its hint', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => {
      root.render(
        <FieldFrame label="Verification" hint="Cloudflare checks you are a person.">
          {(control) => <TurnstileWidget siteKey="0x4AAA" labelledBy={`${control.id}-label`} describedBy={control['aria-describedby']} onToken={() => undefined} />}
        </FieldFrame>,
      );
    });
    const group = host.querySelector('[role="group"]')!;
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent).toBe('Verification');
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('Cloudflare checks you are a person.');
    act(() => root.unmount());
  });
});
