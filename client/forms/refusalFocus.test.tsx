// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { announcements } from '@client/components/announce';
import { mountPoint } from '@client/test/mountPoint';
import { useRefusalFocus } from './refusalFocus';

const mount = mountPoint();
let refuse: (invalid: 'name' | 'methods' | 'form' | null) => void;

/** A form whose refusals mark one of its fields (or the whole form) as the reason. */
function Form() {
  const { form, refused } = useRefusalFocus();
  const [invalid, setInvalid] = useState<string | null>(null);
  refuse = (which) => {
    setInvalid(which);
    refused();
  };
  return (
    <form ref={form}>
      {invalid === 'form' && <p role="alert">The server is away.</p>}
      <input aria-label="first" />
      <input aria-label="name" aria-invalid={invalid === 'name' || undefined} aria-describedby={invalid === 'name' ? 'name-error' : undefined} />
      {invalid === 'name' && <p id="name-error">Names are 4 to 20 letters.</p>}
      <fieldset aria-invalid={invalid === 'methods' || undefined}>
        <input type="checkbox" aria-label="aimbot" />
      </fieldset>
      <button type="submit">Send</button>
    </form>
  );
}

const focusedLabel = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName;

describe('useRefusalFocus', () => {
  it('moves the focus to the first field its refusal marks, once the marks are drawn', () => {
    act(() => mount.root.render(<Form />));
    (mount.host.querySelector('button') as HTMLButtonElement).focus();
    act(() => refuse('name'));
    expect(focusedLabel()).toBe('name');
    act(() => refuse('methods'));
    expect(focusedLabel()).toBe('aimbot');
  });

  it('says the error of a refused field that had the focus already, since moving there reads nothing', () => {
    act(() => mount.root.render(<Form />));
    (mount.host.querySelector('[aria-label="name"]') as HTMLInputElement).focus();
    act(() => refuse('name'));
    expect(focusedLabel()).toBe('name');
    expect(announcements.items.at(-1)?.text).toBe('Names are 4 to 20 letters.');
    // From the button, focus moving to the field reads its error: nothing more is said.
    (mount.host.querySelector('button') as HTMLButtonElement).focus();
    const said = announcements.items.map((i) => i.id);
    act(() => refuse('name'));
    expect(focusedLabel()).toBe('name');
    expect(announcements.items.map((i) => i.id)).toEqual(said);
  });

  it('leaves the focus where it is when nothing is marked, and is quiet for a form-wide alert', () => {
    act(() => mount.root.render(<Form />));
    (mount.host.querySelector('button') as HTMLButtonElement).focus();
    act(() => refuse(null));
    expect(focusedLabel()).toBe('BUTTON');
    act(() => refuse('form'));
    expect(focusedLabel()).toBe('BUTTON');
  });
});
